"""Hints and deal analyses (`ai.analysis`): known positions give the known best play, cost and
open-card result; `thousand analyze` says them as text and JSON."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.helpers.scheduler import small_analysis_budgets
from thousand_tui.ai import bidding
from thousand_tui.ai.analysis import (
    AnalysisPlayer,
    advice_cost,
    advise,
    analyze_game,
    open_card_value,
)
from thousand_tui.cli import main
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import parse_card
from thousand_tui.engine.dealing import Dealt
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.phases import Phase
from thousand_tui.engine.record import parse_record
from thousand_tui.presets import load_preset

# Seat 0 holds the four aces, the hearts marriage and the ten of hearts; with the ten of
# spades from the talon it takes every trick: 120 card points, and 100 more if it declares.
HANDS = (
    "AS AC AD AH TH KH QH",
    "KS QS JS KC QC JC KD",
    "9S TC 9C TD QD JD JH",
)
TALON = "TS 9D 9H"


def cards(text: str) -> tuple:
    return tuple(parse_card(c) for c in text.split())


def stacked_game(contract: int = 200, until: Phase = Phase.PLAY) -> Game:
    """The stacked deal, seat 0 declaring `contract`, up to the phase `until`."""
    rules = load_preset("classic").rules
    dealt = Dealt(hands=tuple(cards(h) for h in HANDS), talons=(cards(TALON),))
    players = [PlayerInfo("You", "human"), PlayerInfo("Anna"), PlayerInfo("Boris")]
    game = Game(rules, 1, players, deals={1: dealt})
    while game.deal.phase is not until:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions(seat)
        game.apply(choose(legal, seat, contract))
    return game


def choose(legal: list[Action], seat: int, contract: int) -> Action:
    if seat != 0:
        return next((a for a in legal if a.act is Act.PASS), legal[0])
    for a in legal:
        if a.act is Act.BID and a.value == contract:
            return a
        if a.act in (Act.GIVE,) and a.card in cards("9D 9H"):
            return a
        if a.act is Act.RAISE and a.value is None:
            return a
    bids = [a for a in legal if a.act is Act.BID and (a.value or 0) <= contract]
    return max(bids, key=lambda a: a.value or 0) if bids else legal[0]


def play(game: Game, code: str, marriage: str | None = None, hinted: bool = False) -> None:
    seat = game.to_move
    assert seat is not None
    for a in game.legal_actions(seat):
        if a.card is not None and a.card.code == code and a.marriage == marriage:
            game.apply(replace(a, hinted=hinted) if hinted else a)
            return
    raise AssertionError(f"{code} is not legal")


def follow_low(game: Game) -> None:
    """The defenders play their lowest legal card."""
    while game.to_move not in (0, None) and not game.over:
        legal = game.legal_actions(game.to_move)
        game.apply(min(legal, key=lambda a: (a.card.points, a.card.rank)))  # type: ignore[union-attr]


def player() -> AnalysisPlayer:
    return AnalysisPlayer(5, samples=8, node_limit=200_000, auction=8)


def test_the_open_card_result_of_a_deal_whose_declarer_takes_every_trick() -> None:
    game = stacked_game()
    assert game.deal.declarer == 0 and game.deal.contract == 200
    assert open_card_value(game) == 220  # every card (120) and the hearts marriage (100)


def test_declaring_the_marriage_is_the_best_play_and_not_declaring_costs_the_contract() -> None:
    game = stacked_game()
    play(game, "AS")
    follow_low(game)
    view = game.view(0)
    advice = advise(view, player())
    assert advice.kind == "play" and advice.declarer
    assert advice.best.chance == 1.0
    plain_king = Action(0, Act.PLAY, card=parse_card("KH"))
    # Without the marriage 200 cannot be reached: the swing of a made against a failed 200.
    swing = bidding.declarer_worth(view, 200, True) - bidding.declarer_worth(view, 200, False)
    assert swing == (200 - bidding.DEFENDER_MADE) + (200 + bidding.DEFENDER_FAILED)
    assert advice_cost(advice, [plain_king]) == pytest.approx(swing)
    # Leading an ace first keeps the marriage for later: it costs nothing.
    assert advice_cost(advice, [Action(0, Act.PLAY, card=parse_card("AC"))]) == 0.0
    best = advice.best.action
    assert best.marriage == "H" or best.card not in cards("KH QH")


def marriage_thrown_away(hinted_lead: bool = False) -> Game:
    """The first deal played out: seat 0 leads the king of hearts without declaring."""
    game = stacked_game()
    play(game, "AS", hinted=hinted_lead)
    follow_low(game)
    play(game, "KH")
    while not game.results:
        follow_low(game)
        if game.to_move == 0 and not game.results:
            legal = game.legal_actions(0)
            game.apply(max(legal, key=lambda a: a.card.points))  # type: ignore[union-attr]
    return game


@pytest.mark.long
def test_analysis_of_a_deal_names_the_costly_decision() -> None:
    game = marriage_thrown_away()
    record = parse_record("".join(json.dumps(line) + "\n" for line in game.lines))
    (deal,) = analyze_game(
        record.games[0], 0, [1], lambda seed: player(), make_deep=lambda seed: player()
    )
    assert deal.declarer == 0 and deal.contract == 200 and deal.made is False
    assert deal.taken == 120 and deal.open_card == 220
    phases = [d.phase for d in deal.decisions]
    assert phases == ["auction", "exchange", "contract", *["play"] * 7]
    (costly,) = [d for d in deal.costly() if d.phase == "play"]
    assert costly.trick == 1
    assert costly.chosen == (Action(0, Act.PLAY, card=parse_card("KH")),)
    assert costly.cost == pytest.approx(418.0)


def write_record(tmp_path: Path) -> Path:
    game = marriage_thrown_away()
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in game.lines))
    return path


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' analysis on small budgets: these tests are about what the commands say
    and keep, and the king of hearts led without the marriage costs the same 418 points (the
    swing of the contract, exact) at any budget."""
    small_analysis_budgets(monkeypatch)


@pytest.mark.long
@pytest.mark.usefixtures("small_budgets")
def test_thousand_analyze_says_it_as_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_record(tmp_path)
    assert main(["analyze", str(path), "--deal", "1", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert "With all cards open and best play on both sides, you would take 220 points." in text
    assert "Trick 2: K♥ cost about 418 points; " in text
    assert main(["analyze", str(path), "--deal", "1", "--json", "--seat", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    (deal,) = data["deals"]
    assert data["seat"] == 1 and deal["open_card"] == 220 and deal["declarer"] == 0
    assert all(d["chosen"][0]["seat"] == 1 for d in deal["decisions"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deal", "7"], "--deal 7: no such finished deal (deals 1..1)"),
        (["--seat", "5"], "--seat must be a seat 0..2, not 5"),
        (["--game", "2"], "--game must be between 1 and 1"),
    ],
)
def test_thousand_analyze_refuses_bad_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = write_record(tmp_path)
    assert main(["analyze", str(path), *args]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.long
def test_a_decision_taken_after_a_hint_is_marked_and_the_record_still_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = marriage_thrown_away(hinted_lead=True)
    line = next(line for line in game.lines if line.get("card") == "AS")
    assert line["hinted"] is True
    assert Action.from_record(line).hinted
    assert not any(other.get("hinted") for other in game.lines if other is not line)
    path = tmp_path / "hinted.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in game.lines))
    assert main(["replay", str(path)]) == 0
    assert "every result agrees" in capsys.readouterr().out
    record = parse_record(path.read_text())
    (deal,) = analyze_game(
        record.games[0], 0, None, lambda seed: player(), make_deep=lambda seed: player()
    )
    assert [d.hinted for d in deal.decisions if d.phase == "play"] == [True] + [False] * 6


@pytest.mark.long
@pytest.mark.usefixtures("small_budgets")
def test_thousand_stats_analyze_fills_the_cache_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    games = tmp_path / "games"
    games.mkdir()
    write_record(games)
    assert main(["stats", "--analyze", "--json", "--jobs", "1"]) == 0
    total = json.loads(capsys.readouterr().out)["total"]
    # The king of hearts led without the marriage lost the contract: about 418 points.
    assert total["analysed"] == 1 and total["lost"] >= 418
    cached = (tmp_path / "analysis.jsonl").read_text().splitlines()
    assert len(cached) == 1
    assert main(["stats", "--analyze", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"]["lost"] == total["lost"]
    assert len((tmp_path / "analysis.jsonl").read_text().splitlines()) == 1


@pytest.mark.long
def test_a_hint_at_the_exchange_and_at_the_contract() -> None:
    from thousand_tui.tui.coach import Words
    from thousand_tui.tui.i18n import Translator

    game = stacked_game(until=Phase.GIVE)
    words = Words(Translator("en"), ["You", "Anna", "Boris"], you=0)
    advice = advise(game.view(0), player())
    assert advice.kind == "exchange"
    # The two nines from the talon go: they are worth least to the hand and to the receivers.
    assert {a.card for a in advice.best.actions} == set(cards("9D 9H"))
    hint = words.hint(advice)
    assert hint.startswith("Hint: give 9") and "expected points; " in hint
    for code in ("9D", "9H"):
        game.apply(next(a for a in game.legal_actions(0) if a.card == parse_card(code)))
    advice = advise(game.view(0), player())
    assert advice.kind == "contract"
    assert words.hint(advice).startswith("Hint: Play 200: made in ")


@pytest.mark.long
def test_a_hint_at_the_dark_offer_and_the_redeal_weighs_both_choices() -> None:
    """Before the auction the advice holds both choices with the chance it weighed: the dark
    contract's for a hand drawn blind, the contract the hand would play for a redeal."""
    from thousand_tui.ai import make_player

    rules = load_preset("family").rules
    kinds: dict[str, Action] = {}
    for seed in range(1, 40):
        players = [PlayerInfo("You", "human"), PlayerInfo("Anna"), PlayerInfo("Boris")]
        game = Game(rules, seed, players)
        easy = [make_player("easy", s) for s in range(3)]
        while not game.over and game.deal.number < 3 and len(kinds) < 2:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if view.phase in (Phase.DARK, Phase.REDEAL) and view.phase.value not in kinds:
                advice = advise(view, player())
                assert advice.kind == view.phase.value
                assert {o.action.act for o in advice.options} == {a.act for a in view.legal}
                assert advice.best.action in view.legal
                if advice.kind == "dark":
                    assert advice.contract == rules.dark.contract
                    assert advice.best.chance is not None and 0.0 <= advice.best.chance <= 1.0
                kinds[view.phase.value] = advice.best.action
            game.apply(easy[seat].decide(view))
        if len(kinds) == 2:
            break
    assert set(kinds) == {"dark", "redeal"}


def test_a_dark_deal_is_analysed_with_its_dark_offer_and_its_open_score() -> None:
    """The seat offered the dark game takes it; the analysis holds the dark offer among its
    decisions, with the chance weighed, and the deal's score beside the same cards scored
    as not dark by the engine."""
    from thousand_tui.ai import make_player

    rules = load_preset("family").rules
    players = [PlayerInfo("You", "human"), PlayerInfo("Anna"), PlayerInfo("Boris")]
    game = Game(rules, 3, players)
    easy = [make_player("easy", s) for s in range(3)]
    dark_seat = None
    while not game.results:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        dark = next((a for a in view.legal if a.act is Act.DARK), None)
        if dark is not None:
            dark_seat = seat
            game.apply(dark)
            continue
        keep = next((a for a in view.legal if a.act is Act.RAISE and a.value is None), None)
        game.apply(keep or easy[seat].decide(view))  # the dark contract is played, not given up
    assert dark_seat is not None
    result = game.results[0]
    assert result.dark and result.declarer == dark_seat
    record = parse_record("".join(json.dumps(line) + "\n" for line in game.lines))
    (deal,) = analyze_game(
        record.games[0], dark_seat, [1], lambda seed: player(), make_deep=lambda seed: player()
    )
    assert deal.dark and deal.dark_multiplier == rules.dark.multiplier == 2
    assert deal.change == result.deltas[dark_seat]
    (offer,) = [d for d in deal.decisions if d.phase == "dark"]
    assert offer.advice.kind == "dark" and offer.chosen[0].act is Act.DARK
    assert deal.dark_odds() == offer.advice.best.chance
    # Scored by the engine without the dark game: the contract's amount, not doubled.
    contract = result.contract
    assert contract is not None and result.made is not None
    assert deal.change == (2 * contract if result.made else -2 * contract)
    assert deal.light_change == (contract if result.made else -contract)
