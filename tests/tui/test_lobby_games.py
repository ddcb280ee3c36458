"""The lobby's list of the club's games lately finished (`g`), stepped through with `v`
(tui/club_games.py, tui/screens/lobby.py), seen as its looker may see it."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from tests.helpers.scheduler import small_analysis_budgets
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.ai.easy import EasyPlayer
from thousand_tui.engine.cards import Card
from thousand_tui.engine.deal import Deal
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.record import steps
from thousand_tui.engine.rules import Rules
from thousand_tui.engine.view import exchange_seen, seat_view
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.store.catalog import games_dir
from thousand_tui.store.records import read_record
from thousand_tui.store.seal import record_key, sealed
from thousand_tui.tables.watch import PLACE
from thousand_tui.tables.wire import WATCHER
from thousand_tui.tui.app import create_app
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.screens.lobby import LobbyScreen
from thousand_tui.tui.screens.viewer import ViewerScreen
from thousand_tui.tui.shared.lobby_client import Lobby
from thousand_tui.tui.viewing import ViewedGame, open_game

PEOPLE = ["key:ann", None, "key:vera"]


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer's analysis of a deal (a thread of its own, which the test's end waits for)
    searched on small budgets: these tests look at what is shown, not at the search."""
    small_analysis_budgets(monkeypatch)


def short_rules() -> Rules:
    """The classic conventions played to 50: a game of a deal or two."""
    raw = dict(load_preset("classic").rules.to_dict())
    raw["target"] = 50
    raw["barrel"] = {**raw["barrel"], "enabled": False}
    return Rules.from_mapping(raw, source="test rules")


def shared_record(
    name: str,
    names: tuple[str, str, str] = ("Ann", "Boris", "Vera"),
    *,
    open_hands: list[bool | None] | None = None,
    finished: bool = True,
    people: int = 2,
    seed: int = 5,
    rules: Rules | None = None,
    who: list[str | None] | None = None,
    host: Host,
) -> Path:
    """A game of a shared table of this host (seats 0 and 2 people, `who` as the table
    service knew them, sealed with its secret as it seals one), to its end or stopped in its
    first deal."""
    lines: list[dict[str, Any]] = []
    kinds = ["human", "ai", "human" if people > 1 else "ai"]
    players = [
        PlayerInfo(n, k) if k == "human" else PlayerInfo(n, k, "easy")
        for n, k in zip(names, kinds, strict=True)
    ]
    game = Game(rules or short_rules(), seed, players, sink=lines.append)
    ai = [EasyPlayer(seed + seat) for seat in range(3)]
    moves = 0
    while not game.over and (finished or moves < 5):
        seat = game.to_move
        assert seat is not None
        game.apply(ai[seat].decide(game.view(seat)))
        moves += 1
    header = {**lines[0]}
    if people > 1:
        header["people"] = who or PEOPLE
        header["open_hands"] = open_hands or [False, None, False]
    base = games_dir(host.data_dir).parent
    key = record_key(base, make=True)
    assert key is not None
    lines[0] = sealed(header, key)
    path = games_dir(host.data_dir) / f"2026-01-01T0000{name}-classic.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def lobby_app(
    who: str | None = None, hosted: bool = False, *, host: Host
) -> tuple[Lobby, App[Any]]:
    table = TableSetup.of(pace=0.0, name="Ann", host=host)
    if hosted:
        table = dataclasses.replace(table, host=dataclasses.replace(host, hosted=True))
    lobby = Lobby(LobbySetup(table, {"classic": "classic"}, who=who))
    lobby.tables = lambda: ()  # type: ignore[method-assign]
    return lobby, create_app(lobby.setup.table, lobby=lobby)


async def games_shown(pilot: Any, app: App[Any]) -> LobbyScreen:
    lobby = await until(
        pilot, "the lobby", lambda: app.screen if isinstance(app.screen, LobbyScreen) else None
    )
    assert isinstance(lobby, LobbyScreen)
    await pilot.press("g")
    await until(pilot, "the club's games", lambda: lobby.games is not None or None)
    await pilot.pause()
    return lobby


async def viewer_of(pilot: Any, app: App[Any]) -> ViewerScreen:
    await pilot.press("v")
    screen = await until(
        pilot, "the viewer", lambda: app.screen if isinstance(app.screen, ViewerScreen) else None
    )
    assert isinstance(screen, ViewerScreen)
    return screen


async def test_g_lists_the_finished_shared_games_and_v_views_the_one_chosen(host: Host) -> None:
    older = shared_record("1", ("Olga", "Boris", "Pavel"), seed=7, host=host)
    newer = shared_record("2", ("Ann", "Boris", "Vera"), host=host)
    # one person: not the club's list; not over: not listed
    shared_record("3", ("Solo", "Boris", "Igor"), people=1, host=host)
    shared_record("4", ("Unfinished", "Boris", "Vera"), finished=False, host=host)
    _, app = lobby_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await games_shown(pilot, app)
        assert lobby.games is not None
        assert [g.path for g in lobby.games] == [newer, older]  # newest first, only those
        assert lobby.check_action("join", ()) is False  # the tables' keys are gone meanwhile
        await pilot.press("down")
        viewer = await viewer_of(pilot, app)
        assert viewer.viewed.path == older
        assert viewer.viewed.names == ("Olga", "Boris", "Pavel")
        await pilot.press("escape")
        assert await until(pilot, "the lobby again", lambda: app.screen is lobby)
        assert lobby.showing_games and lobby.chosen_game() is not None
        await pilot.press("g")  # the tables again
        await pilot.pause()
        assert not lobby.showing_games and lobby.check_action("view", ()) is False


@pytest.mark.long
async def test_a_hosted_player_sees_no_hidden_card_of_anothers_game_unless_all_allowed(
    host: Host,
) -> None:
    path = shared_record("1", open_hands=[True, None, False], host=host)  # Vera did not allow it
    _, app = lobby_app(who="key:zed", hosted=True, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await games_shown(pilot, app)
        viewed = (await viewer_of(pilot, app)).viewed
        assert viewed.path == path and viewed.watching and not viewed.open
        for position in viewed.positions:
            assert all(v is None or v.hand is None for v in position.views)
            assert all(v is None or not v.discarded for v in position.views)
            assert position.talon == ()
        await until(pilot, "his words", lambda: "you were not at this table" in screen_text(app))
        shown = screen_text(app)
        assert "your cards are face down" not in shown  # they are nobody's cards to him
        # Every person allowed it, under this host's seal: every hand open to him.
        shared_record("1", open_hands=[True, None, True], host=host)
        await pilot.press("escape")
        viewed = (await viewer_of(pilot, app)).viewed
        assert viewed.open and not viewed.watching
        assert all(v is not None and v.hand is not None for v in viewed.positions[0].views)


@pytest.mark.long
async def test_a_player_who_sat_sees_his_own_cards_only(host: Host) -> None:
    shared_record("1", host=host)
    _, app = lobby_app(who="key:vera", hosted=True, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await games_shown(pilot, app)
        viewed = (await viewer_of(pilot, app)).viewed
        assert viewed.seat == 2 and not viewed.watching and not viewed.open
        first = viewed.positions[0].views
        assert first[2] is not None and first[2].hand
        assert first[0] is None and first[1] is None


async def test_a_record_gone_is_said_in_one_line_and_nothing_changes(host: Host) -> None:
    path = shared_record("1", host=host)
    _, app = lobby_app(host=host)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lobby = await games_shown(pilot, app)
        path.unlink()
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is lobby
        said = [n.message for n in app._notifications]
        assert said == ["the record of this game is no longer kept here: nothing to show"]


async def test_a_record_edited_since_is_refused_in_one_line_and_nothing_changes(host: Host) -> None:
    path = shared_record("1", host=host)
    _, app = lobby_app(host=host)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lobby = await games_shown(pilot, app)
        lines = path.read_text(encoding="utf-8").splitlines()
        give = next(i for i, row in enumerate(lines) if '"act": "give"' in row)
        edited = json.loads(lines[give])
        edited["to"] = edited["seat"]  # a card given to oneself: the replay stops agreeing
        lines[give] = json.dumps(edited)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        before = path.read_bytes()
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is lobby and path.read_bytes() == before
        (said,) = [n.message for n in app._notifications]
        assert "\n" not in said and "does not replay" in said


# ---------------------------------------------------------------------- no hidden card, ever


def several_deals_rules() -> Rules:
    """The classic conventions played to 500, no barrel: a game of several deals."""
    raw = dict(load_preset("classic").rules.to_dict())
    raw["target"] = 500
    raw["barrel"] = {**raw["barrel"], "enabled": False}
    return Rules.from_mapping(raw, source="test rules")


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere in a view (its hand, tricks, talon, gives, legal moves, ...)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Rules | MatchState | str | bytes):
        return
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for part in dataclasses.fields(value):
            yield from cards_in(getattr(value, part.name))


def public_cards(deal: Deal) -> set[Card]:
    """What every seat may know of `deal` as the record has it at this moment: the cards
    played, the talon where it was shown to all, the gives everyone saw."""
    cards = {card for trick in deal.tricks for card in trick.cards}
    cards |= {card for _, card in deal.trick}
    if deal.talon_shown:
        cards |= set(deal.talon_cards)
    cards |= {card for _, _, card in exchange_seen(deal, WATCHER)[0]}
    return cards


def deals_of(path: Path) -> list[Deal]:
    """The deal as it stood at each position the viewer makes of the record (a decision that
    ends its deal is shown at the deal's end, then at the next deal as dealt)."""
    deals: list[Deal] = []
    for played, deal, action, _events in steps(read_record(path).games[0]):
        if action is not None and played.deal is not deal:
            deals += [copy.deepcopy(deal), copy.deepcopy(played.deal)]
        else:
            deals.append(copy.deepcopy(deal))
    return deals


def hidden_shown(viewed: ViewedGame, path: Path, seat: int | None) -> list[str]:
    """Each position of every deal where the viewer (at `seat`, or None: at no seat) is
    shown a card that neither the table's public knowledge nor his own seat's view (as the
    engine makes it from the record) gives him, or another seat's view."""
    deals = deals_of(path)
    assert len(deals) == len(viewed.positions)
    found: list[str] = []
    for index, (position, deal) in enumerate(zip(viewed.positions, deals, strict=True)):
        assert position.number == deal.number
        allowed = public_cards(deal)
        if seat is not None:
            allowed |= set(cards_in(seat_view(deal, seat, viewed.names, None)))
        at = f"deal {deal.number} step {position.step} (position {index})"
        for shown_seat, view in enumerate(position.views):
            if view is None:
                continue
            if shown_seat != (PLACE if seat is None else seat):
                found.append(f"{at}: seat {shown_seat}'s view")
            if seat is None and view.hand is not None:
                found.append(f"{at}: a hand")
            extra = set(cards_in(view)) - allowed
            if extra:
                found.append(f"{at}: {sorted(c.code for c in extra)}")
        if set(position.talon) - allowed:
            found.append(f"{at}: the talon")
    return found


@pytest.mark.long
def test_no_position_of_any_deal_shows_a_card_the_looker_may_not_see(host: Host) -> None:
    """A game of several deals, every position of every deal: one who was not at the table
    sees only what was public at that moment, a player who sat (not every person allowed
    his hands shown) only that and his own seat's."""
    path = shared_record("1", open_hands=[True, None, False], rules=several_deals_rules(),
                         host=host)  # fmt: skip
    key = record_key(host.data_dir)
    t, palette = Translator("en"), Palette()
    watched = open_game(path, t, palette, key=key, club=True, person="key:zed")
    assert watched.watching and not watched.open
    assert len(watched.deal_starts()) >= 3, "a game of several deals"
    assert hidden_shown(watched, path, None) == []
    sat = open_game(path, t, palette, key=key, club=True, person="key:vera")
    assert sat.seat == 2 and not sat.watching and not sat.open
    assert hidden_shown(sat, path, 2) == []
    # The check finds what it looks for: seat 0's view given to the others is a leak.
    for viewed, seat in ((watched, None), (sat, 2)):
        leaky = dataclasses.replace(
            viewed, positions=[
                dataclasses.replace(p, views=(seat_view(d, 0, viewed.names, None), *p.views[1:]))
                for p, d in zip(viewed.positions, deals_of(path), strict=True)
            ],
        )  # fmt: skip
        flagged = {found.split(":")[0] for found in hidden_shown(leaky, path, seat)}
        assert len(flagged) == len(viewed.positions)


@pytest.mark.long
async def test_a_watcher_stepping_from_deal_to_deal_is_never_shown_a_hand(host: Host) -> None:
    shared_record("1", open_hands=[True, None, False], rules=several_deals_rules(), host=host)
    _, app = lobby_app(who="key:zed", hosted=True, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await games_shown(pilot, app)
        viewer = await viewer_of(pilot, app)
        starts = viewer.viewed.deal_starts()
        assert len(starts) >= 3
        for start in starts[1:]:
            await pilot.press("down")  # the next deal, as dealt
            await until(pilot, f"position {start}", lambda s=start: viewer.index == s)
            assert viewer.hand_shown().cards == ()
            assert all(v is None or v.hand is None for v in viewer.viewed.positions[start].views)
            await until(
                pilot, "his words", lambda: "you were not at this table" in screen_text(app)
            )
