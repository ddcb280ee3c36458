"""The auction, the raise and the concession by expected value.

Two questions decide every contract decision:

- *How likely is each contract made?* Before the talon: over sampled talons (`outlooks`), the
  hand adds the talon, gives away the cards whose loss costs least (`keep_best`), and the hand
  model (`handmodel.py`) says how surely the kept cards reach each contract. `hard` samples the
  talon consistently with everything the seat knows (what the other bids prove), `normal` from
  the unseen cards at large. After the exchange the kept cards are known and `hard` adds its
  search over sampled deals.
- *What is a result worth?* `declarer_worth` turns a made or failed contract into the change of
  this seat's standing: its own score change minus the others' mean change, with what the match
  adds: a contract that wins the game or the barrel, the cap at the barrel threshold, a score
  landing on the samosval, a barrel attempt or a fall. `defender_worth` is the same for letting
  another seat play.

A seat bids a contract while playing it is worth more than defending; it raises, keeps or
concedes (baptism included) whichever is worth most.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..engine.actions import Act, Action
from ..engine.auction import bid_ceiling
from ..engine.cards import DECK, Card, Rank
from ..engine.events import Frozen, PalkaPenalty
from ..engine.rules import Rules
from ..engine.scoring import Settlement, points_needed, settle_given_up, settle_played
from ..engine.view import SeatView
from .handmodel import HandModel, hand_model
from .knowledge import TALON, knowledge_of, made_threshold, play_order, sample_deal

# A defender's score change when the contract is made / fails (his card points and marriages,
# rounded), and a defender's mean standing change in a deal another seat declares: measured
# over 300 classic deals of `normal` self-play (made 24 and 29, failed 41 and 48, standing +4
# and +9 with two generations of the level).
DEFENDER_MADE = 26.0
DEFENDER_FAILED = 44.0
DEFENDING = 6.0
WIN = 400.0  # the game won, in points of standing
BARREL_STEP = 60.0  # climbing onto the barrel, beyond the points themselves
TALON_SAMPLES = 24


def marriages_count(view: SeatView) -> bool:
    return view.rules.barrel.marriages_count or not view.match.on_barrel(view.seat)


def talon_size(view: SeatView) -> int:
    return view.rules.talon_size


def kept_size(view: SeatView) -> int:
    """How many cards the declarer keeps to play: his hand as dealt, and one more with three
    players (he takes the talon of 3 and gives one to each opponent)."""
    rules = view.rules
    return rules.hand_size if view.players == 2 else rules.hand_size + 1


# ---------------------------------------------------------------- the exchange


def give_risk(card: Card, hand: Sequence[Card], rules: Rules) -> float:
    """What a given card is worth to its receiver: its points, and a king or queen whose
    partner the giver does not hold may complete the receiver's marriage."""
    risk = 0.3 * card.points
    if card.is_marriage_card:
        partner = Rank.QUEEN if card.rank is Rank.KING else Rank.KING
        if not any(c.suit is card.suit and c.rank is partner for c in hand):
            risk += 0.25 * rules.marriage.value_of(card.suit.value)
    return risk


def keep_best(
    cards: Sequence[Card],
    rules: Rules,
    owed: int,
    model: HandModel | None = None,
    counts_marriages: bool = True,
    pool_size: int = 6,
) -> list[Card]:
    """The `owed` cards to give away: the kept hand worth most to the model, less what the given
    cards are worth to their receivers. Only the cards cheapest to lose are tried."""
    model = model or hand_model()
    hand = list(cards)
    base = model.mean(hand, rules, counts_marriages) if len(hand) <= 10 else 0.0

    def loss(card: Card) -> float:
        rest = [c for c in hand if c is not card]
        return base - model.mean(rest, rules, counts_marriages) + give_risk(card, hand, rules)

    pool = sorted(hand, key=loss)[: owed + pool_size - 2]
    best: tuple[float, list[Card]] | None = None
    for out in combinations(pool, owed):
        keep = [c for c in hand if c not in out]
        score = model.mean(keep, rules, counts_marriages) - sum(
            give_risk(c, hand, rules) for c in out
        )
        if best is None or score > best[0]:
            best = (score, list(out))
    assert best is not None
    return best[1]


# ---------------------------------------------------------------- the odds


@dataclass(frozen=True)
class Outlook:
    """One sampled talon: the cards the declarer would keep."""

    kept: tuple[Card, ...]


def random_talons(view: SeatView, rng: random.Random, samples: int) -> list[tuple[Card, ...]]:
    """Talons drawn from the cards this seat has not seen (the `normal` level)."""
    assert view.hand is not None
    seen = set(view.hand) | set(view.talon or ())
    unseen = [c for c in DECK if c not in seen]
    if view.talon and len(view.talon) == talon_size(view):
        return [tuple(view.talon)] * samples
    size = talon_size(view)
    return [tuple(rng.sample(unseen, size)) for _ in range(samples)]


def known_talons(view: SeatView, rng: random.Random, samples: int) -> list[tuple[Card, ...]]:
    """Talons drawn consistently with everything this seat knows: a bid above the marriage
    limit proves a marriage in that hand, so its cards are not in the talon (the `hard` level)."""
    if view.talon and len(view.talon) == talon_size(view):
        return [tuple(view.talon)] * samples
    knowledge = knowledge_of(view)
    size = talon_size(view)
    out = []
    for _ in range(samples):
        placed = sample_deal(knowledge, rng)
        talon = [DECK[i] for i in range(24) if (placed.get(TALON, 0) >> i) & 1]
        if len(talon) > size:  # two players: both talons; the declarer takes one of them
            talon = rng.sample(talon, size)
        out.append(tuple(talon))
    return out


def outlooks(
    view: SeatView, talons: Sequence[Sequence[Card]], model: HandModel | None = None
) -> list[Outlook]:
    assert view.hand is not None
    rules = view.rules
    counts = marriages_count(view)
    out = []
    for talon in talons:
        cards = [*view.hand, *talon]
        owed = len(cards) - kept_size(view)
        give = keep_best(cards, rules, owed, model, counts) if owed > 0 else []
        out.append(Outlook(tuple(c for c in cards if c not in give)))
    return out


def odds(
    view: SeatView, looks: Sequence[Outlook], values: Sequence[int], model: HandModel | None = None
) -> dict[int, float]:
    """The chance to make each contract value, over the sampled outlooks."""
    model = model or hand_model()
    rules = view.rules
    counts = marriages_count(view)
    out: dict[int, float] = {}
    for value in values:
        need = made_threshold(rules, value)
        total = sum(model.chance(look.kept, rules, need, counts) for look in looks)
        out[value] = total / len(looks)
    return out


def look_prospects(
    view: SeatView,
    looks: Sequence[Outlook],
    values: Sequence[int],
    weight: float,
    model: HandModel | None = None,
) -> list[Prospect]:
    """Each outlook as a prospect of `weight`, its contracts' chances by the hand model (the
    same as `odds`, talon by talon)."""
    model = model or hand_model()
    rules = view.rules
    counts = marriages_count(view)
    needs = [made_threshold(rules, v) for v in values]
    out = []
    for look in looks:
        chances = model.chances(look.kept, rules, needs, counts)
        out.append(Prospect(weight, look.kept, dict(zip(values, chances, strict=True))))
    return out


def hand_odds(
    view: SeatView, cards: Sequence[Card], values: Sequence[int], model: HandModel | None = None
) -> dict[int, float]:
    """The chance to make each contract with these kept cards (after the exchange)."""
    return odds(view, [Outlook(tuple(cards))], values, model)


# ---------------------------------------------------------------- what the bids say

TALON_GAIN = 47.0  # the hand model's mean gain of a 7-card hand from the talon and exchange
BID_SPREAD = 30.0  # how far a bid strays from the bidder's hand, in model points


def auction_fit(view: SeatView, hands: Mapping[int, Sequence[Card]]) -> float:
    """How well sampled 7-card hands of the other seats fit what they bid and passed: a seat
    that bid holds a hand worth about its bid, one that passed a hand worth less than the
    next bid (the obligated player's automatic bid and a forced pass in the minus say
    nothing). The weight of a sampled deal in the auction's search."""
    model = hand_model()
    rules = view.rules
    fit = 1.0
    high: int | None = None
    for i, (seat, value) in enumerate(view.bids):
        if i == 0 or seat == view.seat or seat not in hands:
            high = value if value is not None else high
            continue
        worth = model.mean(hands[seat], rules) + TALON_GAIN
        if value is not None:
            fit *= phi((worth - value) / BID_SPREAD)
            high = value
        elif high is not None and not in_minus(view, seat):
            fit *= 1.0 - phi((worth - high - rules.bidding.step) / BID_SPREAD)
    return fit


# How the game's players bid (`bench/fit_bid_model.py`, fitted to `normal`'s own classic
# auctions, 300 deals, 767 free choices): a free seat outbids the high bid `high` with the
# chance phi((worth - high - offset) / sharpness), `worth` its seven cards' model mean plus
# `TALON_GAIN`, the offset and sharpness by the kind of hand (`hand_kind`): without a
# marriage a hand is rarely bid on, with one mostly, whatever its worth. (Without a
# marriage the likelihood is flat: `python bench/fit_bid_model.py --deals 300` finds
# (164, 134.5) there, 1.0 better in log-likelihood over 490 choices.)
BID_MODEL: dict[int, tuple[float, float]] = {0: (124.0, 105.5), 1: (-27.0, 76.0), 2: (-4.5, 30.0)}


def hand_kind(cards: Sequence[Card]) -> int:
    """The marriages (king and queen of a suit) in a hand: 0, 1, or 2 for two or more."""
    kings = {c.suit for c in cards if c.rank is Rank.KING}
    queens = {c.suit for c in cards if c.rank is Rank.QUEEN}
    return min(2, len(kings & queens))


def auction_likelihood(view: SeatView, hands: Mapping[int, Sequence[Card]]) -> float:
    """The chance that the seats of `hands`, dealt those cards, bid and passed as they did:
    each free choice to outbid the high bid or pass at it, by how the game's players bid
    (`BID_MODEL`). The obligated player's first bid says nothing, nor does
    a pass that the rules forced (in the minus, or no bid left below his ceiling)."""
    model = hand_model()
    rules = view.rules
    step = rules.bidding.step
    fit = 1.0
    high: int | None = None
    worths: dict[int, float] = {}
    shapes: dict[int, tuple[float, float]] = {}
    ceilings: dict[int, int] = {}
    for i, (seat, value) in enumerate(view.bids):
        if i == 0 or seat == view.seat or seat not in hands or high is None:
            high = value if value is not None else high
            continue
        if seat not in worths:
            worths[seat] = model.mean(hands[seat], rules) + TALON_GAIN
            shapes[seat] = BID_MODEL[hand_kind(hands[seat])]
            ceilings[seat] = bid_ceiling(rules, view.match, seat, hands[seat])
        forced = in_minus(view, seat) or high + step > ceilings[seat]
        if not forced:
            offset, sharpness = shapes[seat]
            outbid = phi((worths[seat] - high - offset) / sharpness)
            fit *= outbid if value is not None else 1.0 - outbid
        high = value if value is not None else high
    return fit


def dealt_hands(view: SeatView, placed: Mapping[int, int]) -> dict[int, list[Card]]:
    """The hands the other defenders of a three-seat deal were dealt, in a sampled placement
    (holder → mask, as `knowledge.sample_deal` gives): what each holds and has played, less
    the card the declarer gave him (the one this seat saw, else his least card). None for the
    declarer, whom `knowledge` already credits with his contract, nor for this seat."""
    order = play_order(view)
    if view.players == 2 or len(order) != 3:
        return {}
    played: dict[int, int] = {}
    for trick in view.tricks:
        for s, c in trick.plays:
            played[s] = played.get(s, 0) | 1 << c.index
    for s, c in view.trick:
        played[s] = played.get(s, 0) | 1 << c.index
    received: dict[int, set[Card]] = {}
    for giver, to, card in view.passed_cards:
        if giver == view.declarer:
            received.setdefault(to, set()).add(card)
    size = view.rules.hand_size
    out = {}
    for s in order:
        if s in (view.seat, view.declarer):
            continue
        held = placed.get(s, 0) | played.get(s, 0)
        cards = [DECK[i] for i in range(24) if held >> i & 1 and DECK[i] not in received.get(s, ())]
        cards.sort(key=lambda c: (c.points, c.rank))
        out[s] = cards[max(0, len(cards) - size) :]
    return out


def placement_fit(view: SeatView, placed: Mapping[int, int]) -> float:
    """How well a sampled placement of the cards fits what the other defenders bid and passed
    (`auction_likelihood` of their hands as dealt): a sampled deal's weight once the auction is
    over (the exchange, the raise, the play)."""
    hands = dealt_hands(view, placed)
    return auction_likelihood(view, hands) if hands else 1.0


def in_minus(view: SeatView, seat: int) -> bool:
    limit = view.rules.bidding.minus_threshold
    return limit is not None and view.match.scores[seat] < limit


def phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


# ---------------------------------------------------------------- what a result is worth


def declarer_worth(view: SeatView, contract: int, made: bool, seat: int | None = None) -> float:
    """The change of `seat`'s standing (default: this seat) if it plays `contract` as declarer
    and makes it or not: its score change as the rules settle the contract (`contract_settled`),
    less what the others score meanwhile (`DEFENDER_MADE`, `DEFENDER_FAILED`; nothing while
    they are frozen), with a game won and a climb onto the barrel."""
    me = view.seat if seat is None else seat
    settled = contract_settled(view, contract, made, me)
    if settled.winner is not None:
        return WIN if settled.winner == me else -WIN
    m = view.multiplier
    if any(isinstance(e, Frozen) for e in settled.events):
        others = 0.0
    else:
        others = DEFENDER_MADE * m if made else DEFENDER_FAILED * m
    climbed = settled.state.barrel[me] is not None and view.match.barrel[me] is None
    return settled.deltas[me] - others + (BARREL_STEP if climbed else 0.0)


def contract_settled(view: SeatView, contract: int, made: bool, seat: int) -> Settlement:
    """The deal settled as if `seat` played `contract` and made it with exactly its points, or
    failed it with the most points that fall short; every seat takes a trick (a palka is not
    the contract's doing) and the others take no points (what they score is weighed apart)."""
    n = view.players
    points = [0] * n
    points[seat] = contract if made else max(0, points_needed(view.rules, 0, contract) - 1)
    return settle_played(view, seat, contract, points, (0,) * n, (1,) * n)


def defender_worth(view: SeatView) -> float:
    """This seat's standing change when another seat declares: worse when an opponent would win
    the game (or the barrel) with any contract he makes."""
    rules = view.rules
    match = view.match
    worth = DEFENDING * view.multiplier
    for s in opponents(view):
        near = not rules.barrel.enabled and match.scores[s] + rules.bidding.min >= rules.target
        if match.on_barrel(s) or near:
            worth -= 0.3 * WIN
    return worth


def opponents(view: SeatView) -> list[int]:
    """The other seats that play this deal (not one sitting it out)."""
    return [s for s in play_order(view) if s != view.seat]


def play_worth(view: SeatView, contract: int, chance: float) -> float:
    return chance * declarer_worth(view, contract, True) + (1 - chance) * declarer_worth(
        view, contract, False
    )


# ---------------------------------------------------------------- the auction


def bid_values(view: SeatView) -> list[int]:
    """Every contract a bid could reach, from the lowest to the cap."""
    rules = view.rules
    step = rules.bidding.step
    out = list(range(rules.bidding.min, rules.bidding.max + 1, step))
    barrel_min = rules.barrel.min_contract
    if view.match.on_barrel(view.seat) and barrel_min not in out:
        out.append(barrel_min)
    return sorted(out)


def auction_limit(view: SeatView, chances: dict[int, float], margin: float = 0.0) -> int:
    """The highest contract worth playing rather than defending (0: none)."""
    worths = {value: play_worth(view, value, chance) for value, chance in chances.items()}
    return worth_limit(view, worths, margin)


def worth_limit(view: SeatView, worths: Mapping[int, float], margin: float = 0.0) -> int:
    """The highest contract whose worth to the declarer is at least defending's (0: none)."""
    defend = defender_worth(view) + margin
    best = 0
    for value, worth in sorted(worths.items()):
        if biddable(view, value) and worth >= defend:
            best = value
    return best


def biddable(view: SeatView, value: int) -> bool:
    """Whether the barrel lets this seat play `value` (its least contract, its cap)."""
    rules = view.rules
    if not view.match.on_barrel(view.seat):
        return True
    if rules.barrel.goal == "contract" and value < rules.barrel.min_contract:
        return False
    cap = rules.barrel.max_bid
    return cap is None or value <= cap


# ---------------------------------------------------------------- the contract's options

RAISE_MARGIN = 1.0  # a raise must be worth this much more than keeping (`contract_choice`)


@dataclass(frozen=True)
class Prospect:
    """One way the talon may fall for this seat as declarer: the cards it would keep, the
    chance of each contract with them, and the prospect's weight among the others."""

    weight: float
    kept: tuple[Card, ...]
    chances: Mapping[int, float]


def option_worths(
    view: SeatView, prospects: Sequence[Prospect], values: Sequence[int]
) -> dict[int, float]:
    """What winning the auction at each value is worth, the talon in view: in each prospect
    the declarer keeps the contract, raises it, or gives it up by baptism, whichever is worth
    most then (as `contract_choice` will decide), and the prospects are weighed together.
    Bidding to a contract's mean chance alone ignores that a good talon is raised and a
    hopeless one given up."""
    if not prospects:
        return dict.fromkeys(values, 0.0)
    ladder = sorted({v for p in prospects for v in p.chances} | set(values))
    may_raise = raise_possible(view)
    given_up = {v: give_up_worth(view, v) for v in values}
    # Each contract settled once, made and failed (`play_worth` of a chance mixes the two).
    made = {v: declarer_worth(view, v, True) for v in ladder}
    failed = {v: declarer_worth(view, v, False) for v in ladder}
    total = sum(p.weight for p in prospects) or 1.0
    out = dict.fromkeys(values, 0.0)
    for p in prospects:
        ceiling = bid_ceiling(view.rules, view.match, view.seat, p.kept)
        played = {}
        for v in ladder:
            chance = p.chances.get(v, 0.0)
            played[v] = chance * made[v] + (1 - chance) * failed[v]
        # The best raise from each value up: the worth of the best contract above it.
        best_above: dict[int, float] = {}
        running = -math.inf
        for v in reversed(ladder):
            best_above[v] = running
            if v <= ceiling and biddable(view, v):
                running = max(running, played[v])
        for v in values:
            worth = played[v]
            if may_raise and best_above[v] > worth + RAISE_MARGIN:
                worth = best_above[v]
            give_up = given_up[v]
            if give_up is not None and give_up > worth:
                worth = give_up
            out[v] += p.weight * worth
    return {v: w / total for v, w in out.items()}


def raise_possible(view: SeatView) -> bool:
    """Whether the declarer of this deal may raise his contract once the talon is seen."""
    rules = view.rules
    if rules.talon.raise_ == "never":
        return False
    if view.golden and not rules.golden.raise_:
        return False
    return not (view.dark and not rules.dark.raise_)


def give_up_worth(view: SeatView, contract: int) -> float | None:
    """What giving the contract up by baptism is worth to this seat as declarer (as
    `concession_worth` weighs it), or None when it may not. A concession is not counted: it
    pays the defenders what this seat, defending, would be paid by another declarer's, which
    defending's one figure (`defender_worth`) leaves out; counted on one side only, it bids
    hands to give them up."""
    rules = view.rules
    match = view.match
    me = view.seat
    on_barrel = rules.rospis.on_barrel
    if on_barrel == "forbidden_for_all" and any(match.on_barrel(s) for s in range(view.players)):
        return None
    if on_barrel == "forbidden_for_barrel_player" and match.on_barrel(me):
        return None
    limit = rules.baptism.max_per_game
    if not rules.baptism.enabled or (limit is not None and match.crosses[me] >= limit):
        return None
    declaring = view._replace(declarer=me, contract=contract)
    return concession_worth(declaring, Act.BAPTISM)


def choose_bid(view: SeatView, legal: Sequence[Action], limit: int) -> Action:
    """The cheapest bid up to `limit`, else pass."""
    bids = [a for a in legal if a.act is Act.BID and a.value is not None and a.value <= limit]
    if bids:
        return min(bids, key=lambda a: a.value or 0)
    return next((a for a in legal if a.act is Act.PASS), legal[0])


# ---------------------------------------------------------------- raise and concession


def concession_worth(view: SeatView, act: Act) -> float:
    """The change of standing if this declarer concedes (or is baptised) now: the deal as the
    rules settle it unplayed, and what that brings nearer (a cross, palki)."""
    baptism = act is Act.BAPTISM
    settled = settle_given_up(view, baptism)
    worth = settled_worth(view, settled) + palki_nearer(view, settled)
    if baptism and settled.state.crosses[view.seat] % 2 == 1:
        # Every second cross costs the penalty: this one brings it nearer.
        worth -= 0.5 * view.rules.baptism.crosses_penalty
    return worth


def settled_worth(view: SeatView, settled: Settlement) -> float:
    """A settled deal as a change of this seat's standing: its score change less the others'
    mean, a game won or lost, a climb onto the barrel (its own, or another's)."""
    me = view.seat
    if settled.winner is not None:
        return WIN if settled.winner == me else -WIN
    others = opponents(view)
    deltas = settled.deltas
    worth = deltas[me] - sum(deltas[s] for s in others) / len(others)
    for s in range(view.players):
        if settled.state.barrel[s] is not None and view.match.barrel[s] is None:
            worth += BARREL_STEP if s == me else -BARREL_STEP / len(others)
    return worth


def palki_nearer(view: SeatView, settled: Settlement) -> float:
    """Palki that fine nobody yet still bring their holders' fines nearer: a share of the
    penalty each (a third of it where every third palka costs, a sixth where three in a row
    do), against this seat or for it."""
    rules = view.rules
    share = rules.palki.penalty * (1 / 3 if rules.palki.rule == "every_third" else 1 / 6)
    fined = Counter(e.seat for e in settled.events if isinstance(e, PalkaPenalty))
    others = opponents(view)
    worth = 0.0
    for s in (view.seat, *others):
        unfined = settled.state.palki[s] - view.match.palki[s] - fined[s]
        if unfined > 0:
            worth += unfined * share * (-1.0 if s == view.seat else 1.0 / len(others))
    return worth


def contract_choice(
    view: SeatView, legal: Sequence[Action], chance_of: Callable[[int], float]
) -> Action:
    """Raise, keep the contract, concede or baptise: whichever is worth most."""
    keep = next(a for a in legal if a.act is Act.RAISE and a.value is None)
    contract = view.contract or 0
    best, best_worth = keep, play_worth(view, contract, chance_of(contract))
    for a in legal:
        if a.act is Act.RAISE and a.value is not None:
            worth = play_worth(view, a.value, chance_of(a.value))
            if worth > best_worth + 1.0:
                best, best_worth = a, worth
        elif a.act in (Act.CONCEDE, Act.BAPTISM):
            worth = concession_worth(view, a.act)
            if worth > best_worth:
                best, best_worth = a, worth
    return best


# ---------------------------------------------------------------- the dark game and redeals


def blind_chance(view: SeatView, pool: Sequence[Card], rng: random.Random, samples: int) -> float:
    """The dark contract's chance for a hand and talon drawn blind from `pool`, the exchange
    chosen once they are seen."""
    rules = view.rules
    model = hand_model()
    need = made_threshold(rules, rules.dark.contract)
    size = rules.hand_size
    total = 0.0
    for _ in range(samples):
        cards = rng.sample(list(pool), size + talon_size(view))
        give = keep_best(cards, rules, len(cards) - kept_size(view), model)
        total += model.chance([c for c in cards if c not in give], rules, need)
    return total / samples


def dark_worth(view: SeatView, rng: random.Random, samples: int = 16) -> float:
    """Declaring a dark game, before seeing a card: random hands at the dark contract."""
    return dark_chance_worth(view, blind_chance(view, DECK, rng, samples))


def dark_chance_worth(view: SeatView, chance: float) -> float:
    """Declaring a dark game that is made with `chance`."""
    rules = view.rules
    contract = rules.dark.contract
    m = rules.dark.multiplier
    made = contract * m - DEFENDER_MADE * m
    failed = -contract * m - DEFENDER_FAILED * m
    return chance * made + (1 - chance) * failed


def dark_defence_worth(view: SeatView, rng: random.Random, samples: int = 16) -> float:
    """Defending the dark game of the player on 100 (`dark.cancel`: this seat may call it
    off): he plays blind, with cards drawn from those this seat does not hold."""
    return dark_defence_chance_worth(view, dark_defence_chance(view, rng, samples))


def dark_defence_chance(view: SeatView, rng: random.Random, samples: int = 16) -> float:
    """The chance that the player on 100 makes his dark game, as `dark_defence_worth` sees it."""
    unseen = [c for c in DECK if c not in (view.hand or ())]
    return blind_chance(view, unseen, rng, samples)


def dark_defence_chance_worth(view: SeatView, chance: float) -> float:
    """Defending a dark game that is made with `chance`."""
    contract = view.rules.dark.contract
    # A defender's standing (his change less the others' mean, as `DEFENDING`) is half the
    # declarer's, turned round: the declarer's counts his win, barrel and samosval.
    made = -declarer_worth(view, contract, True, view.on_hundred) / 2
    failed = -declarer_worth(view, contract, False, view.on_hundred) / 2
    return chance * made + (1 - chance) * failed


__all__ = [
    "Outlook",
    "Prospect",
    "auction_fit",
    "auction_likelihood",
    "auction_limit",
    "choose_bid",
    "concession_worth",
    "contract_choice",
    "contract_settled",
    "dark_chance_worth",
    "dark_defence_chance",
    "dark_defence_chance_worth",
    "dark_defence_worth",
    "dark_worth",
    "dealt_hands",
    "declarer_worth",
    "defender_worth",
    "hand_kind",
    "hand_odds",
    "keep_best",
    "known_talons",
    "look_prospects",
    "odds",
    "option_worths",
    "outlooks",
    "placement_fit",
    "play_worth",
    "random_talons",
    "worth_limit",
]
