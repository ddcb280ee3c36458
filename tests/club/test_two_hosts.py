"""Two hosts of one club on this machine (two data folders with their own table services, one
database): a table opened on A, listed on B, joined from B through the relay and a deal played
at it; a watcher from B told no hidden card (the watchers' leak check, across the relay); the
ratings and the daily results the same on both; the relay's ways and who may use them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.waiting import wait_for
from tests.store.helpers import write_record
from tests.store.test_club_ratings import SOLO, finished_lines
from tests.tables.helpers import Seat, play_until, table_options
from tests.tables.test_watch import cards_of, public_cards
from thousand_tui import ssh
from thousand_tui.club import rate_club
from thousand_tui.daily import Daily, next_deal
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.store.index import DailyResult, open_club
from thousand_tui.tables.client import join_table, list_tables, open_table, watch_table
from thousand_tui.tables.directory import forget
from thousand_tui.tables.mirror import SeatMirror
from thousand_tui.tables.relay import KEYS_NAME, host_key_allowed
from thousand_tui.tables.transport import RelayError, transport
from thousand_tui.tables.wire import StateUpdate, message_data

from .conftest import Cuttable

WAIT = 30.0


@pytest.fixture
def two(two_serving: tuple[Host, Host]) -> tuple[Host, Host]:
    """Hosts A and B with table services (the club's `two` serves none)."""
    return two_serving


def open_on_a_list_on_b(a: Host, b: Host, **options: object) -> Seat:
    client, welcome = open_table(table_options(name="Ann", **options), host=a)
    ann = Seat(client, SeatMirror(welcome), base=a.data_dir)
    code = ann.mirror.code
    wait_for(
        "A's table in B's lobby",
        lambda: code in [t.code for t in list_tables(host=b)],
        timeout=WAIT,
    )
    return ann


def test_a_player_on_b_sits_at_as_table_and_plays_a_deal(two: tuple[Host, Host]) -> None:
    a, b = two
    ann = open_on_a_list_on_b(a, b, people=[0, 1])
    code = ann.mirror.code
    client, welcome = join_table(code, name="Bob", who="key-bob", host=b)
    assert client.relay is not None  # through the relay to A's service
    bob = Seat(client, SeatMirror(welcome), base=a.data_dir)
    assert (welcome.code, welcome.seat) == (code, 1)
    play_until([ann, bob], lambda: ann.mirror.results and bob.mirror.results, timeout=60)
    assert ann.mirror.results[0] == bob.mirror.results[0]
    assert not bob.errors
    relay = client.relay
    bob.close()
    assert relay.poll() is not None  # the relay ended with its client
    ann.close()
    (record,) = (a.data_dir / "games").glob("*.jsonl")  # A plays it, A keeps its record
    assert not list(b.data_dir.glob("games/*.jsonl"))
    people = json.loads(record.read_text().splitlines()[0]).get("people")
    assert people is None or "key-bob" in json.dumps(people)


def test_a_watcher_on_b_is_told_no_hidden_card_across_the_relay(
    two: tuple[Host, Host],
) -> None:
    a, b = two
    ann = open_on_a_list_on_b(a, b, people=[0, 1])
    code = ann.mirror.code
    client, welcome = watch_table(code, name="Zoe", host=b)
    assert welcome.watcher and client.relay is not None
    zoe = Seat(client, SeatMirror(welcome), base=a.data_dir)
    bob = Seat(*_joined(code, a), base=a.data_dir)
    seats = [ann, bob, zoe]
    play_until(seats, lambda: len(zoe.mirror.results) >= 2, timeout=90)
    for seat in seats:
        seat.close()
    (record,) = (a.data_dir / "games").glob("*.jsonl")
    public = public_cards(record)
    updates = [m for m in zoe.told if isinstance(m, StateUpdate)]
    assert updates and zoe.moves == 0
    hidden_somewhere = False
    for update in updates:
        assert update.view.hand is None and update.view.legal == ()
        told = cards_of(message_data(update))
        assert told <= public[update.turn], (update.turn, told - public[update.turn])
        hidden_somewhere |= len(public[update.turn]) < 24
    assert hidden_somewhere


def _joined(code: str, host: Host) -> tuple[object, SeatMirror]:
    client, welcome = join_table(code, name="Bob", host=host)
    return client, SeatMirror(welcome)


def test_the_ratings_and_the_daily_are_the_clubs_on_every_host(
    two: tuple[Host, Host],
) -> None:
    a, b = two
    write_record(a.data_dir / "games", "on-a.jsonl", finished_lines(3, SOLO))
    write_record(b.data_dir / "games", "on-b.jsonl", finished_lines(4, SOLO))
    with open_club(a) as index:
        rate_club(index)  # A's games indexed
    with open_club(b) as index:
        board_b = rate_club(index)  # B's too, and the ratings made of both
    with open_club(a) as index:
        board_a = rate_club(index)
    assert board_a.ratings == board_b.ratings
    assert board_a.ratings["ai:hard"].games == 2  # one game on each host
    # A deal of the day settled on A: B knows it is played (one try, whichever host).
    preset = load_preset("classic")
    day_a = Daily("2026-12-06", preset, a.club_dir, a.database)
    day_b = Daily("2026-12-06", preset, b.club_dir, b.database)
    assert day_a.dealt(1).hands == day_b.dealt(1).hands
    with open_club(a) as index:
        index.add_daily_results([DailyResult("2026-12-06", "classic", "key-olga", 1, 120, 80)])
    with open_club(b) as index:
        assert next_deal(day_b.results(index), "key-olga") == 2


def test_the_ways_to_another_host() -> None:
    assert transport("ssh:thousand@cards-a.example.org") == [
        "ssh", "-T", "-o", "BatchMode=yes", "-o", "ServerAliveInterval=15", "--",
        "thousand@cards-a.example.org", "relay",
    ]  # fmt: skip
    assert transport("ssh:thousand@10.0.0.2:2222")[-4:] == [
        "2222",
        "--",
        "thousand@10.0.0.2",
        "relay",
    ]
    assert transport("local:/srv/b")[-2:] == ["--data", "/srv/b"]
    for bad in ("ssh:-oProxyCommand=x", "ftp://x", "local:relative", "ssh:a b"):
        with pytest.raises(RelayError):
            transport(bad)


def test_only_the_clubs_hosts_may_relay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    account = Host(data=tmp_path)
    (tmp_path / KEYS_NAME).write_text("ssh-ed25519 AAAAhostb cards-b\n")
    player = tmp_path / "auth-player"
    player.write_text("publickey ssh-ed25519 AAAAplayer\n")
    assert not host_key_allowed(tmp_path, "ssh-ed25519 AAAAplayer")
    assert host_key_allowed(tmp_path, "ssh-ed25519 AAAAhostb")
    env = {ssh.ORIGINAL_COMMAND: "relay", ssh.USER_AUTH: str(player)}
    assert ssh.relay_session(account, env) == ssh.EXIT_REFUSED
    assert "relay is for the club's other hosts only" in capsys.readouterr().err


async def test_bs_lobby_screen_lists_as_table_and_enter_sits_there(
    two: tuple[Host, Host],
) -> None:
    from dataclasses import replace

    from tests.helpers import waiting
    from tests.helpers.screen import screen_text
    from thousand_tui.settings import LobbySetup, TableSetup
    from thousand_tui.tui import create_app
    from thousand_tui.tui.screens.lobby import LobbyScreen
    from thousand_tui.tui.shared.lobby_client import Lobby

    a, b = two
    table = replace(TableSetup.of(lang="en", pace=0.0, name="Bob"), host=b)
    lobby = Lobby(LobbySetup(table, {"classic": "classic"}, fill=60.0))
    app = create_app(lobby.setup.table, lobby=lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await waiting.until(
            pilot, "B's lobby", lambda: "No table is waiting" in screen_text(app), timeout=WAIT
        )
        assert isinstance(app.screen, LobbyScreen)
        client, welcome = open_table(table_options(name="Ann", people=[0, 1]), host=a)
        code = welcome.code
        await waiting.until(pilot, "A's table on B", lambda: code in screen_text(app), timeout=WAIT)
        await pilot.press("enter")
        await waiting.until(pilot, "a seat", lambda: lobby.chosen is not None, timeout=WAIT)
    assert lobby.chosen is not None
    assert (lobby.chosen.code, lobby.chosen.mirror.seat) == (code, 1)
    lobby.chosen.close()
    client.close()


def test_a_rebuild_on_one_host_keeps_the_other_hosts_games(two: tuple[Host, Host]) -> None:
    a, b = two
    write_record(a.data_dir / "games", "on-a.jsonl", finished_lines(3, SOLO))
    write_record(b.data_dir / "games", "on-b.jsonl", finished_lines(4, SOLO))
    for host in (a, b):
        with open_club(host) as index:
            index.refresh()
    with open_club(a) as index:
        (a.data_dir / "games" / "on-a.jsonl").rename(a.data_dir / "games" / "again.jsonl")
        done = index.rebuild()
        assert done.read == 1  # A's own record, read again
        names = sorted(game.path.name for game in index.games())
    assert names == ["again.jsonl", "on-b.jsonl"]  # B's game is still the club's


async def test_bs_lobby_says_when_the_club_cannot_be_reached(
    two: tuple[Host, Host], cuttable: Cuttable
) -> None:
    from dataclasses import replace

    from tests.helpers import waiting
    from tests.helpers.screen import screen_text
    from thousand_tui.settings import LobbySetup, TableSetup
    from thousand_tui.tui import create_app
    from thousand_tui.tui.shared.lobby_client import Lobby

    _, b = two
    b = replace(b, database=cuttable.url)
    table = replace(TableSetup.of(lang="en", pace=0.0, name="Bob"), host=b)
    lobby = Lobby(LobbySetup(table, {"classic": "classic"}, fill=60.0))
    app = create_app(lobby.setup.table, lobby=lobby)
    down = "other hosts cannot be reached now"
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await waiting.until(
                pilot, "B's lobby", lambda: "sits at the table" in screen_text(app), timeout=WAIT
            )
            assert down not in screen_text(app)
            cuttable.cut()
            await waiting.until(pilot, "the notice", lambda: down in screen_text(app), timeout=WAIT)
            cuttable.mend()
            await waiting.until(
                pilot, "the notice gone", lambda: down not in screen_text(app), timeout=WAIT
            )
    finally:
        forget(cuttable.url)
