"""Who sits at a table of host A through the relay from host B: B states its person's id (its
own id for him: `name:B:NAME` for one known by a name only), and A's service takes it only
from a relay that comes from B (`relay.keys` names its key's host; a local relay is told it)
and only for B's own people or a key's id. The game's record then says `name@B:NAME`, and the
club's index and ratings count him as B's, never as A's, and never as a person of A who called
himself "B:NAME"."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from tests.helpers.waiting import wait_for
from tests.store.helpers import write_record
from tests.store.test_club_ratings import finished_lines
from tests.tables.helpers import table_options
from thousand_tui import ssh
from thousand_tui.club import rate_club
from thousand_tui.engine.game import PlayerInfo
from thousand_tui.engine.record import people_of_header
from thousand_tui.priority import Host
from thousand_tui.store.index import open_club
from thousand_tui.store.people import named_id, relayed_id
from thousand_tui.store.seal import record_key
from thousand_tui.tables import relay
from thousand_tui.tables.client import (
    TableClient,
    TableError,
    _stated,
    join_table,
    list_tables,
    open_table,
)
from thousand_tui.tables.relay import KEYS_NAME, Relaying, relaying
from thousand_tui.tables.transport import reach
from thousand_tui.tables.wire import JoinRequest, RelayedRequest, Welcome
from thousand_tui.tui.club_games import club_games, looker, person_of
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.viewing import open_game

WAIT = 30.0
TABLE = [PlayerInfo("Ann", "human"), PlayerInfo("Bob", "human"), PlayerInfo("Vera", "ai", "easy")]
KEYED = "key-0123456789abcdef"


@pytest.fixture
def two(two_serving: tuple[Host, Host]) -> tuple[Host, Host]:
    """Hosts A and B with table services (the club's `two` serves none)."""
    return two_serving


@pytest.fixture
def apart() -> Iterator[tuple[Host, Host]]:
    """Two hosts of this account without a database: A's tables reached by a local relay."""
    with short_folder("tta-") as a, short_folder("ttb-") as b:
        yield Host(data=a, node="host-a"), Host(data=b, node="host-b")


def people_of(folder: Path) -> list[str | None]:
    (record,) = (folder / "games").glob("*.jsonl")
    found: list[str | None] = json.loads(record.read_text().splitlines()[0])["people"]
    return found


def test_a_name_only_player_of_b_at_as_table_is_bs(two: tuple[Host, Host]) -> None:
    a, b = two
    client, welcome = open_table(table_options(name="Ann", people=[0, 1]), host=a)
    code = welcome.code
    wait_for("A's table on B", lambda: code in [t.code for t in list_tables(host=b)], timeout=WAIT)
    bob, seated = join_table(code, name="Bob", host=b)  # no key: known by his name on B
    assert bob.relay is not None and seated.seat == 1
    wait_for("the game's record", lambda: list((a.data_dir / "games").glob("*.jsonl")))
    bob.close()
    client.close()
    assert people_of(a.data_dir) == ["name:Ann", "name@host-b:Bob", None]
    with open_club(a) as index:
        index.refresh()
        (game,) = index.games()
    assert [seat.get("id") for seat in game.seats] == ["name:host-a:Ann", "name:host-b:Bob", None]


def test_b_states_its_own_id_for_its_person_known_by_a_name(tmp_path: Path) -> None:
    b = Host(data=tmp_path, database="postgresql://db/club", node="host-b")
    assert _stated(JoinRequest("ABCDEF", name=" Bob "), b).who == "name:host-b:Bob"
    assert _stated(JoinRequest("ABCDEF", name="Bob", who=KEYED), b).who == KEYED


def test_a_relayed_players_games_and_rating_are_his_hosts(two: tuple[Host, Host]) -> None:
    a, b = two
    # Bob of B at A's table (through the relay), then at B's own; on A, someone who calls
    # himself "host-b:Bob" is A's, never B's Bob.
    for folder, name, seed, people in (
        (a.data_dir, "at-a.jsonl", 11, ["name:Ann", "name@host-b:Bob", None]),
        (a.data_dir, "posing.jsonl", 13, ["name:Ann", "name:host-b:Bob", None]),
        (b.data_dir, "at-b.jsonl", 12, ["name:Cleo", "name:Bob", None]),
    ):
        write_record(folder / "games", name, finished_lines(seed, TABLE, people))
    with open_club(a) as index:
        rate_club(index)
    with open_club(b) as index:
        board = rate_club(index)
    assert board.ratings["name:host-b:Bob"].games == 2  # one game on each host
    assert board.ratings["name:host-a:host-b:Bob"].games == 1  # A's own, whatever his name
    assert board.ratings["name:host-a:Ann"].games == 2
    assert "name:host-a:Bob" not in board.ratings


def test_the_ids_a_relay_may_state() -> None:
    assert relayed_id("name:host-b:Bob", "host-b") == "name@host-b:Bob"
    assert relayed_id("local:host-b", "host-b") == "local:host-b"
    assert relayed_id(KEYED, "host-b") == relayed_id(KEYED, None) == KEYED
    for claim in ("name:host-c:Eve", "name:host-a:Ann", "local:host-a", "local", "name:Eve",
                  "name:host-b:", "ai:hard", "name@host-b:Bob", "olga"):  # fmt: skip
        assert relayed_id(claim, "host-b") is None, claim
    assert relayed_id("name:host-b:Bob", None) is None  # a key listed for no host
    assert named_id("name@host-b:Bob", "host-a") == "name:host-b:Bob"
    assert named_id("name:host-b:Bob", "host-a") == "name:host-a:host-b:Bob"


def refused(client: TableClient, request: JoinRequest | RelayedRequest) -> str:
    client.send(request)
    with pytest.raises(TableError) as error:
        client.wait_for(Welcome, WAIT)
    return str(error.value)


@pytest.mark.long
def test_a_relay_cannot_seat_another_hosts_player_nor_this_hosts(
    apart: tuple[Host, Host],
) -> None:
    a, b = apart
    ann, welcome = open_table(table_options(name="Ann", people=[0, 1, 2]), host=a)
    code = welcome.code
    address = f"local:{a.data_dir}"
    seated: list[TableClient] = []
    try:
        for claim in ("name:host-c:Eve", "name:host-a:Ann", "local:host-a", "name:Eve", "ai:hard"):
            client = TableClient.through_relay(address, b)  # from host-b, its relay says
            try:
                said = refused(client, JoinRequest(code, name="Eve", who=claim))
                assert "host-b may seat here only its own players" in said, claim
            finally:
                client.close()
        # What B sends after the relay's first line cannot make it another host's.
        client = TableClient.through_relay(address, b)
        seated.append(client)
        assert "relayed by its first line only" in refused(client, RelayedRequest("host-a"))
        said = refused(client, JoinRequest(code, name="Ann", who="name:host-a:Ann"))
        assert "host-b may seat here only its own players" in said
        client.send(JoinRequest(code, name="Bob", who="name:host-b:Bob"))
        assert client.wait_for(Welcome, WAIT).seat == 1
        keyed = TableClient.through_relay(address, b)
        seated.append(keyed)
        keyed.send(JoinRequest(code, name="Olga", who=KEYED))
        assert keyed.wait_for(Welcome, WAIT).seat == 2
        wait_for("the game's record", lambda: list((a.data_dir / "games").glob("*.jsonl")))
    finally:
        for each in seated:
            each.close()
        ann.close()
    assert people_of(a.data_dir) == ["name:Ann", "name@host-b:Bob", KEYED]


@pytest.mark.long
def test_a_relay_whose_key_names_no_host_seats_only_keyed_players(
    apart: tuple[Host, Host],
) -> None:
    a, _ = apart
    ann, welcome = open_table(table_options(name="Ann", people=[0, 1]), host=a)
    sock, process = reach(f"local:{a.data_dir}")  # told no host: as a key without node=
    client = TableClient(sock)
    client.relay = process
    try:
        client.greet()
        said = refused(client, JoinRequest(welcome.code, name="Bob"))
        assert "names no club host for the relay's key" in said
        client.send(JoinRequest(welcome.code, name="Olga", who=KEYED))
        assert client.wait_for(Welcome, WAIT).seat == 1
    finally:
        client.close()
        ann.close()


def test_relay_keys_name_the_host_of_each_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / KEYS_NAME).write_text(
        "node=cards-b ssh-ed25519 AAAAhostb thousand@cards-b\n"
        "ssh-ed25519 AAAAold thousand@old\n"
        "node=bad:name ssh-ed25519 AAAAbad thousand@bad\n"
    )
    assert relaying(tmp_path, "ssh-ed25519 AAAAhostb") == Relaying("cards-b")
    assert relaying(tmp_path, "ssh-ed25519 AAAAold") == Relaying(None)
    assert relaying(tmp_path, "ssh-ed25519 AAAAbad") is None
    assert relaying(tmp_path, "ssh-ed25519 AAAAplayer") is None
    # The ssh front runs the relay as the host the login's key is listed for.
    served: list[Relaying] = []
    monkeypatch.setattr(relay, "serve", lambda host, relaying: served.append(relaying) or 0)
    auth = tmp_path / "auth"
    auth.write_text("publickey ssh-ed25519 AAAAhostb\n")
    env = {ssh.ORIGINAL_COMMAND: "relay", ssh.USER_AUTH: str(auth)}
    assert ssh.relay_session(Host(data=tmp_path), env) == 0
    assert served == [Relaying("cards-b")]


def test_bs_person_sees_as_game_he_sat_at_from_his_seat(data: Path, pg_url: str) -> None:
    a = Host(data=data.parent / "a", database=pg_url, node="host-a")
    b = Host(data=data.parent / "b", database=pg_url, node="host-b")
    people: list[str | None] = ["name:Ann", "name@host-b:Bob", None]
    write_record(a.data_dir / "games", "table.jsonl", finished_lines(7, TABLE, people))
    club_games(a)  # A's lobby indexes its table's game (and keeps its text)
    (game,) = club_games(b)
    assert game.data is not None  # A's, read on B from the database
    bob = looker(game, person_of(None, "Bob", hosted=False), b)  # Bob at B's terminal
    assert bob == "name@host-b:Bob"
    t, palette = Translator("en"), Palette(lang="en")
    key = record_key(b.data_dir, make=True)
    seen = open_game(
        game.shown_path, t, palette, game.number, key=key, club=True, person=bob, data=game.data
    )
    assert seen.seat == 1 and not seen.watching
    # B's own game is looked at by the id B's table service knew him by.
    mine = dataclasses.replace(game, data=None)
    assert looker(mine, "name:Bob", b) == "name:Bob"


def test_people_named_in_any_script_are_rated_as_their_hosts(two: tuple[Host, Host]) -> None:
    a, _ = two
    people: list[str | None] = ["name:Анна", "name@host-b:Борис", None]
    write_record(a.data_dir / "games", "table.jsonl", finished_lines(5, TABLE, people))
    with open_club(a) as index:
        board = rate_club(index)
    assert board.ratings["name:host-a:Анна"].games == 1
    assert board.ratings["name:host-b:Борис"].games == 1
    # A control character is no one's id: the game is not rated by it.
    assert people_of_header({"people": ["name:a\x1b[2J", "name:Bob", None]}, 3) == [
        None,
        "name:Bob",
        None,
    ]
