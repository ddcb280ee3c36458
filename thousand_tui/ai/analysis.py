"""What the searching player makes of a decision, and of a whole deal: hints and analysis.

Everything here reads one seat's view at a time (never a hidden card), except the open-card
result of a deal, which is what the deal was worth with every card shown.

- `advise(view, player)`: what `hard` would do at this decision and what each choice is worth,
  in points of the seat's standing (its score change less the others' mean, as the auction
  weighs a contract), with the contract's chance where there is one. A hint is `advise` with
  the budget of a `hard` move; the analysis of a deal uses a larger, fixed budget.
- `analyze_game(recorded, seat)`: every deal of a record, each with its open-card result and
  the cost of each decision of the seat (what the best choice was worth above the one taken).
- `deal_dict`: a deal's analysis as plain JSON values, for tools.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Act, Action
from ..engine.cards import DECK, Card
from ..engine.deal import Deal
from ..engine.game import Game
from ..engine.outcome import DealOutcome
from ..engine.phases import Phase
from ..engine.record import RecordedGame, decisions
from ..engine.scoring import settle
from ..engine.view import SeatView
from . import bidding, seat_seed
from .hard import DISCARDED, Budget, HardPlayer, exchange_plans
from .knowledge import mask, play_order, position_of
from .pool import real_stdio
from .solver import PlayRules
from .worlds import VALUE, Task, move_of, solve

COSTLY = 10.0  # a decision that cost about this many points or more is worth showing
# A deal's analysis first screens every decision at a small budget, then searches again, at
# a budget larger than a move's, those that seem to cost at least `SCREENED` points: what it
# reports of them is the larger search's. (A `hard` move of 0.25 s on 2 cores solves at most
# 200 sampled deals for a card, fewer early in a deal: `bench/analyze.py --move-deals`.)
SCREENED = 3.0
ANALYSIS_SAMPLES = 32  # sampled deals per card, screening
AUCTION_SAMPLES = 16  # sampled deals, each solved from its first lead, per bid or raise
ANALYSIS_NODES = 200_000  # solver nodes per sampled deal
DEEP_SAMPLES = 400  # the same, searching again
DEEP_AUCTION_SAMPLES = 48
DEEP_NODES = 400_000


@dataclass(frozen=True)
class Option:
    """One choice: the actions it takes (several for an exchange), what it is worth in points
    of standing, the chance it makes the contract (None where there is none) and, near the
    end of the play, the declarer's points it keeps."""

    actions: tuple[Action, ...]
    worth: float
    chance: float | None = None
    points: float | None = None

    @property
    def action(self) -> Action:
        return self.actions[0]


@dataclass(frozen=True)
class Advice:
    """`hard`'s choice at one decision (`best`) and the choices it weighed, best first
    (`options` may be empty where only the choice is known: a dark game, a redeal)."""

    seat: int
    kind: str  # "bid", "exchange", "contract", "play" or "other"
    best: Option
    options: tuple[Option, ...]
    contract: int | None
    declarer: bool

    def option_of(self, actions: Sequence[Action]) -> Option | None:
        key = _key(actions)
        return next((o for o in self.options if _key(o.actions) == key), None)


def _key(actions: Sequence[Action]) -> frozenset[Action]:
    return frozenset(actions)


def hint_player(seed: int, think: float | None = None, jobs: int = 1) -> HardPlayer:
    """The player a hint asks: `hard` with the budget of its own moves."""
    return HardPlayer(seed, time_budget=think, jobs=jobs)


class AnalysisPlayer(HardPlayer):
    """`hard` on a fixed budget, so that the analysis of a record is always the same: at most
    `samples` deals for a card or the exchange, `auction` for a bid or a raise (each of those
    deals is solved from its first lead)."""

    def __init__(self, seed: int, samples: int, node_limit: int, auction: int) -> None:
        super().__init__(seed, samples=samples, node_limit=node_limit)
        self.auction = auction

    def budget(self, scale: float = 1.0) -> Budget:
        budget = super().budget(scale)
        if scale == self.auction_scale:
            budget.samples = min(budget.samples, self.auction)
        return budget


def analysis_player(seed: int) -> HardPlayer:
    """The player a deal's analysis screens every decision with."""
    return AnalysisPlayer(seed, ANALYSIS_SAMPLES, ANALYSIS_NODES, AUCTION_SAMPLES)


def deep_player(seed: int) -> HardPlayer:
    """The player that searches again the decisions that seem to cost points."""
    return AnalysisPlayer(seed, DEEP_SAMPLES, DEEP_NODES, DEEP_AUCTION_SAMPLES)


def advise(view: SeatView, player: HardPlayer, given: Sequence[Action] = ()) -> Advice:
    """What `player` would do at this decision of `view`'s seat, and what the choices are worth.
    `given`: for an exchange, the gives the seat made, weighed beside `hard`'s own plans."""
    legal = list(view.legal)
    act = legal[0].act
    if act in (Act.PASS, Act.BID) and view.hand is not None:
        return _bid(view, legal, player)
    if act in (Act.GIVE, Act.DISCARD) and view.hand is not None:
        return _exchange(view, legal, player, given)
    if act in (Act.RAISE, Act.CONCEDE, Act.BAPTISM) and view.contract is not None:
        return _contract(view, legal, player)
    if act is Act.PLAY and view.declarer is not None and view.contract is not None:
        advice = _play(view, legal, player)
        if advice is not None:
            return advice
    if act in (Act.DARK, Act.DARK_DECLINE):
        return _dark(view, legal, player)
    if act in (Act.DARK_CANCEL, Act.DARK_CANCEL_DECLINE):
        return _dark_cancel(view, legal, player)
    if act in (Act.REDEAL, Act.REDEAL_DECLINE):
        return _redeal(view, legal, player)
    choice = player.decide(view)
    return Advice(view.seat, "other", Option((choice,), 0.0), (), view.contract, _declares(view))


def _declares(view: SeatView) -> bool:
    return view.declarer == view.seat


def _ranked(options: Iterable[Option], best: Option) -> tuple[Option, ...]:
    rest = sorted((o for o in options if o is not best), key=lambda o: -o.worth)
    return (best, *rest)


def _bid(view: SeatView, legal: list[Action], player: HardPlayer) -> Advice:
    values = sorted({a.value for a in legal if a.value is not None})
    if not values:
        choice = player.decide(view)
        return Advice(view.seat, "other", Option((choice,), 0.0), (), None, False)
    worths, chances = player.bid_worths(view, values)
    limit = bidding.worth_limit(view, worths, player.margin)
    choice = bidding.choose_bid(view, legal, limit)
    options = []
    for a in legal:
        if a.act is Act.BID and a.value is not None:
            options.append(Option((a,), worths[a.value], chances[a.value]))
        else:
            options.append(Option((a,), bidding.defender_worth(view)))
    best = next(o for o in options if o.action == choice)
    return Advice(view.seat, "bid", best, _ranked(options, best), view.high_bid, False)


def _contract(view: SeatView, legal: list[Action], player: HardPlayer) -> Advice:
    assert view.contract is not None
    chance_of = player.contract_chance(view, legal)
    choice = bidding.contract_choice(view, legal, chance_of)
    options = []
    for a in legal:
        if a.act is Act.RAISE:
            value = a.value if a.value is not None else view.contract
            chance = chance_of(value)
            options.append(Option((a,), bidding.play_worth(view, value, chance), chance))
        elif a.act in (Act.CONCEDE, Act.BAPTISM):
            options.append(Option((a,), bidding.concession_worth(view, a.act)))
    best = next(o for o in options if o.action == choice)
    return Advice(view.seat, "contract", best, _ranked(options, best), view.contract, True)


def _dark(view: SeatView, legal: list[Action], player: HardPlayer) -> Advice:
    """Whether to play the dark game: its chance with a hand and talon drawn blind, against
    defending an ordinary deal. `chance` is the dark contract's, on both options."""
    choice = player.decide(view)
    chance = player.dark_chance(view)
    contract = view.rules.dark.contract
    options = []
    for a in legal:
        if a.act is Act.DARK:
            options.append(Option((a,), bidding.dark_chance_worth(view, chance), chance))
        else:
            options.append(Option((a,), bidding.defender_worth(view), chance))
    best = next(o for o in options if o.action == choice)
    return Advice(view.seat, "dark", best, _ranked(options, best), contract, False)


def _dark_cancel(view: SeatView, legal: list[Action], player: HardPlayer) -> Advice:
    """Whether to call off the dark game of the player on 100: the auction that follows,
    against defending his dark contract (made with `chance`, on both options)."""
    choice = player.decide(view)
    chance = player.dark_defence_chance(view)
    contract = view.rules.dark.contract
    options = []
    for a in legal:
        if a.act is Act.DARK_CANCEL:
            options.append(Option((a,), player.auction_worth(view), chance))
        else:
            options.append(Option((a,), bidding.dark_defence_chance_worth(view, chance), chance))
    best = next(o for o in options if o.action == choice)
    return Advice(view.seat, "dark_cancel", best, _ranked(options, best), contract, False)


def _redeal(view: SeatView, legal: list[Action], player: HardPlayer) -> Advice:
    """Whether to ask for the redeal (worth nothing) or play on: the contract the seat would
    play and its chance, if any (`Advice.contract`, the options' `chance`)."""
    on = player.playing_on(view)
    options = []
    for a in legal:
        if a.act is Act.REDEAL:
            options.append(Option((a,), 0.0, on.chance))
        else:
            options.append(Option((a,), on.worth, on.chance))
    act = Act.REDEAL if on.worth < 0.0 else Act.REDEAL_DECLINE
    best = next((o for o in options if o.action.act is act), options[0])
    declares = view.declarer == view.seat
    return Advice(view.seat, "redeal", best, _ranked(options, best), on.contract, declares)


def _plan_actions(view: SeatView, plan: dict[int, Card]) -> tuple[Action, ...]:
    """The actions of an exchange plan (receiver → card; a discard has a receiver below 0)."""
    out = []
    for to, card in sorted(plan.items(), key=lambda item: -item[0]):
        if to <= DISCARDED:
            out.append(Action(view.seat, Act.DISCARD, card=card))
        else:
            out.append(Action(view.seat, Act.GIVE, card=card, to=to))
    return tuple(out)


def _exchange(
    view: SeatView, legal: list[Action], player: HardPlayer, given: Sequence[Action]
) -> Advice:
    assert view.hand is not None
    hand = list(view.hand)
    receivers = sorted({a.to for a in legal if a.act is Act.GIVE and a.to is not None})
    owed = len(receivers) + (1 if any(a.act is Act.DISCARD for a in legal) else 0)
    plans = exchange_plans(hand, view, owed, receivers)
    own = len(plans)  # hard's own plans; the seat's, if another, comes after them
    if given:
        mine: dict[int, Card] = {}
        for i, a in enumerate(a for a in given if a.act is Act.DISCARD):
            assert a.card is not None
            mine[DISCARDED - i] = a.card
        for a in given:
            if a.act is Act.GIVE and a.to is not None and a.card is not None:
                mine[a.to] = a.card
        if mine not in plans:
            plans.append(mine)
    worths = player.exchange_worths(view, hand, plans) if len(plans) > 1 else [0.0]
    options = [
        Option(_plan_actions(view, plan), worth) for plan, worth in zip(plans, worths, strict=True)
    ]
    best = max(options[:own], key=lambda o: (o.worth, -options.index(o)))
    return Advice(view.seat, "exchange", best, _ranked(options, best), view.contract, True)


def _play(view: SeatView, legal: list[Action], player: HardPlayer) -> Advice | None:
    moves = {move_of(a): a for a in legal}
    if len(moves) == 1:
        return None
    tallies = player.search_play(view, list(moves))
    if tallies is None:
        return None
    chosen = moves[player.choose(view, legal, moves, tallies)]
    contract = view.contract or 0
    declarer = view.declarer
    assert declarer is not None
    defenders = max(1, sum(1 for s in play_order(view) if s != declarer))
    exact = any(t.points for t in tallies.values())
    options = []
    for move, action in moves.items():
        t = tallies[move]
        chance = t.made / t.samples if t.samples else 0.0
        points = t.points / t.samples if t.samples and exact else None
        worth = chance * bidding.declarer_worth(view, contract, True, declarer) + (
            1 - chance
        ) * bidding.declarer_worth(view, contract, False, declarer)
        if view.seat != declarer:
            # A defender shares the declarer's loss with the others, and every point the
            # declarer does not take is the defence's.
            worth = -worth / defenders - (points or 0.0) / defenders
        options.append(Option((action,), worth, chance, points))
    best = next(o for o in options if o.action == chosen)
    return Advice(view.seat, "play", best, _ranked(options, best), contract, _declares(view))


def advice_cost(advice: Advice, chosen: Sequence[Action]) -> float:
    """What the seat's choice cost: the best choice's worth above it (never below 0)."""
    option = advice.option_of(chosen)
    if option is None:
        return 0.0
    return max(0.0, advice.best.worth - option.worth)


# ---------------------------------------------------------------- a whole deal


@dataclass
class Decision:
    """One decision of the analysed seat: where it was, what was done, what `hard` says."""

    trick: int  # tricks played before it (0 in the auction and the exchange)
    phase: str
    chosen: tuple[Action, ...]
    advice: Advice
    cost: float
    hinted: bool = False


@dataclass
class DealAnalysis:
    number: int
    seat: int
    declarer: int | None
    contract: int | None
    made: bool | None
    taken: int | None  # the declarer's points (cards and marriages), when the deal was played
    open_card: int | None  # the declarer's points with every card open and best play
    decisions: list[Decision] = field(default_factory=list)
    baptism: bool = False  # given up by «крещусь», not conceded
    dark: bool = False  # played in the dark
    change: int | None = None  # the declarer's score change, as the deal was scored
    light_change: int | None = None  # a dark deal's: the same deal scored as not dark
    dark_multiplier: int = 1  # a dark deal's: what the dark game multiplied its scores by

    def dark_odds(self) -> float | None:
        """The chance of the dark contract the seat weighed at its dark offer, if any."""
        for d in self.decisions:
            if d.advice.kind == "dark":
                return d.advice.best.chance
        return None

    @property
    def lost(self) -> float:
        """The points the seat's decisions cost in all."""
        return sum(d.cost for d in self.decisions)

    def costly(self, threshold: float = COSTLY) -> list[Decision]:
        return [d for d in self.decisions if d.cost >= threshold - 0.5]

    def said_loss(self, threshold: float = COSTLY) -> tuple[int, int]:
        """The loss in whole points as the analysis says it: the costly decisions' costs,
        each rounded as it is shown, and the smaller decisions' together, rounded once. Their
        sum is the deal's loss in all, so the figures shown add up."""
        costly = self.costly(threshold)
        listed = sum(round(d.cost) for d in costly)
        shown = {id(d) for d in costly}
        rest = round(sum(d.cost for d in self.decisions if id(d) not in shown))
        return listed, rest


def open_card_value(game: Game) -> int | None:
    """The declarer's points with every card open and best play, from the first lead of the
    current deal (which must be at its first lead)."""
    deal = game.deal
    if deal.declarer is None:
        return None
    view = game.view(deal.declarer)
    order = play_order(view)
    hands = {s: mask(deal.hands[s]) for s in order}
    bonus = 0
    if view.players == 2:
        held = 0
        for m in hands.values():
            held |= m
        bonus = sum(c.points for c in DECK if not held >> c.index & 1)
    pos = position_of(view, hands, bonus)
    answer = solve(Task(PlayRules.of(view.rules), VALUE, (pos,)), {})
    got = answer.results[0] if answer.complete else None
    return int(got) + view.marriage_points[deal.declarer] if isinstance(got, int) else None


Make = Callable[[int], HardPlayer]


def analyze_game(
    recorded: RecordedGame,
    seat: int,
    deals: Iterable[int] | None = None,
    make_player: Make = analysis_player,
    jobs: int = 1,
    make_deep: Make = deep_player,
) -> list[DealAnalysis]:
    """Every deal of a recorded game (or those numbered in `deals`) as `seat` played it:
    each decision screened by `make_player`'s player, and searched again by `make_deep`'s
    where it seems to cost points. With `jobs` > 1 the deals are analysed side by side in
    that many processes; the answer is the same."""
    wanted = set(deals) if deals is not None else None
    numbers = [n for n in _deal_numbers(recorded) if wanted is None or n in wanted]
    players = (make_player, make_deep)
    if jobs <= 1 or len(numbers) <= 1:
        return [a for n in numbers for a in _analyze_deals(recorded, seat, {n}, players)]
    # Imported here: the analysis worker and the table analyse one deal at a time and never
    # pay for `multiprocessing` (about 0.6 MB of a process).
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    tasks = [(recorded, seat, {n}, players) for n in numbers]
    with real_stdio(), ProcessPoolExecutor(jobs, get_context("spawn")) as pool:
        out = [a for part in pool.map(_analyze_deals, *zip(*tasks, strict=True)) for a in part]
    return sorted(out, key=lambda a: a.number)


def analyze_deal(lines: list[dict[str, Any]], seat: int, number: int) -> DealAnalysis | None:
    """One finished deal of a game's record lines (a task for a worker process)."""
    found = analyze_game(RecordedGame(lines), seat, [number])
    return found[0] if found else None


DealTask = tuple[list[dict[str, Any]], int, int]


def deal_task(lines: Sequence[dict[str, Any]], seat: int, number: int) -> DealTask:
    """What the analysis of finished deal `number` needs: the record's lines up to that
    deal's result (a task waiting holds no more of a long game than it needs), `seat`, and
    the deal's number; `analyze_task` analyses it."""
    end = len(lines)
    for index, line in enumerate(lines):
        if line.get("type") == "result" and line.get("number") == number:
            end = index + 1
            break
    return list(lines[:end]), seat, number


def analyze_task(task: DealTask) -> DealAnalysis | None:
    """`analyze_deal` of a `deal_task` (run in the background process: `scheduler.py`)."""
    return analyze_deal(*task)


def _deal_numbers(recorded: RecordedGame) -> list[int]:
    return [
        line["number"]
        for line in recorded.lines
        if line.get("type") == "result" and isinstance(line.get("number"), int)
    ]


def _analyze_deals(
    recorded: RecordedGame, seat: int, wanted: set[int], players: tuple[Make, Make]
) -> list[DealAnalysis]:
    seed = seat_seed(
        recorded.header.get("seed", 0) if isinstance(recorded.header.get("seed"), int) else 0, seat
    )
    player = players[0](seed)
    deep: HardPlayer | None = None
    found: dict[int, DealAnalysis] = {}
    gives = _gives_by_deal(recorded, seat)
    outcomes: dict[int, Deal] = {}  # the dark deals, kept to be scored as if not dark
    last = max(wanted, default=0)
    for game, action in decisions(recorded):
        number = game.deal.number
        if number > last:
            break
        if number not in wanted:
            continue
        analysis = found.get(number)
        if analysis is None:
            analysis = found[number] = DealAnalysis(number, seat, None, None, None, None, None)
        deal = game.deal
        if (
            analysis.open_card is None
            and deal.phase is Phase.PLAY
            and not deal.tricks
            and not deal.trick
        ):
            analysis.open_card = open_card_value(game)
        if deal.dark and deal.number not in outcomes:
            outcomes[deal.number] = deal  # scored once it is over, below
        if action.seat != seat:
            continue
        view = game.view(seat)
        if len(view.legal) < 2 or (view.hand is None and view.phase is not Phase.DARK):
            continue
        if action.act in (Act.GIVE, Act.DISCARD):
            if any(d.phase == "exchange" for d in analysis.decisions):
                continue
            chosen = gives.get(number, (action,))
        else:
            chosen = (action,)
        given = chosen if action.act in (Act.GIVE, Act.DISCARD) else ()
        advice = advise(view, player, given)
        cost = advice_cost(advice, chosen)
        if cost >= SCREENED:
            deep = deep or players[1](seed)
            advice = advise(view, deep, given)
            cost = advice_cost(advice, chosen)
        kind = "exchange" if advice.kind == "exchange" else view.phase.value
        analysis.decisions.append(
            Decision(len(view.tricks), kind, chosen, advice, cost, action.hinted)
        )
    for line in recorded.lines:
        if line.get("type") == "result" and line.get("number") in found:
            analysis = found[line["number"]]
            analysis.declarer = line.get("declarer")
            analysis.contract = line.get("contract")
            analysis.made = line.get("made")
            analysis.baptism = bool(line.get("baptism"))
            d = analysis.declarer
            if isinstance(d, int) and line.get("card_points") is not None:
                analysis.taken = line["card_points"][d] + line["marriage_points"][d]
            if isinstance(d, int) and isinstance(line.get("deltas"), list):
                analysis.change = line["deltas"][d]
            dark = outcomes.get(analysis.number)
            if isinstance(d, int) and dark is not None and dark.over and dark.dark:
                analysis.dark = True
                analysis.light_change = light_change(dark.outcome(), d)
                analysis.dark_multiplier = dark.rules.dark.multiplier
    return [found[n] for n in sorted(found)]


def light_change(outcome: DealOutcome, seat: int) -> int:
    """`seat`'s score change had the dark deal `outcome` not been played in the dark: the
    engine's scoring of the same cards and points, without the dark game's multiplier."""
    rules = outcome.rules
    light = outcome._replace(dark=False, multiplier=outcome.multiplier // rules.dark.multiplier)
    return settle(light).deltas[seat]


def _gives_by_deal(recorded: RecordedGame, seat: int) -> dict[int, tuple[Action, ...]]:
    """The cards `seat` gave or discarded in each deal of the record."""
    out: dict[int, list[Action]] = {}
    number = None
    for line in recorded.lines:
        if line.get("type") == "deal":
            number = line.get("number")
        elif (
            line.get("type") == "action"
            and line.get("seat") == seat
            and line.get("act") in (Act.GIVE.value, Act.DISCARD.value)
            and isinstance(number, int)
        ):
            try:
                out.setdefault(number, []).append(Action.from_record(line))
            except ValueError:
                continue
    return {n: tuple(gives) for n, gives in out.items()}


# ---------------------------------------------------------------- as JSON values


def _actions_dict(actions: Sequence[Action]) -> list[dict[str, Any]]:
    out = []
    for action in actions:
        line = action.to_record()
        for key in ("type", "think_ms", "hinted", "auto"):
            line.pop(key, None)
        out.append(line)
    return out


def option_dict(option: Option) -> dict[str, Any]:
    out: dict[str, Any] = {
        "actions": _actions_dict(option.actions),
        "worth": round(option.worth, 1),
    }
    if option.chance is not None:
        out["chance"] = round(option.chance, 3)
    if option.points is not None:
        out["points"] = round(option.points, 1)
    return out


def deal_dict(analysis: DealAnalysis) -> dict[str, Any]:
    """A deal's analysis as plain JSON values: worths and costs in points of standing,
    chances from 0 to 1, actions as in the record."""
    return {
        "number": analysis.number,
        "seat": analysis.seat,
        "declarer": analysis.declarer,
        "contract": analysis.contract,
        "made": analysis.made,
        "baptism": analysis.baptism,
        "taken": analysis.taken,
        "open_card": analysis.open_card,
        "dark": analysis.dark,
        "change": analysis.change,
        "light_change": analysis.light_change,
        "lost": round(analysis.lost, 1),
        "decisions": [
            {
                "phase": d.phase,
                "trick": d.trick + 1 if d.phase == "play" else None,
                "chosen": _actions_dict(d.chosen),
                "best": _actions_dict(d.advice.best.actions),
                "cost": round(d.cost, 1),
                "hinted": d.hinted,
                "options": [option_dict(o) for o in d.advice.options],
            }
            for d in analysis.decisions
        ],
    }
