"""Whether players may open tournaments, on a club of several hosts (one database): the
club's setting, kept in the database by any host's `thousand tournaments allow` or `forbid`,
so that every host agrees; a host's own file of before is not read any more."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thousand_tui.cli import main
from thousand_tui.priority import Host
from thousand_tui.store.index import open_club
from thousand_tui.tournament import (
    PLAYERS_MAY_OPEN,
    SETTINGS_NAME,
    TournamentError,
    allow_players,
    open_tournament,
    players_may_open,
    tournaments_dir,
)

PLAYER = "key-olga"  # a hosted player, not a host


def opened_by_player(host: Host, name: str) -> str:
    spec = open_tournament(
        name, "classic", 2, "now", "+2h", PLAYER, host.club_dir, database=host.database
    )
    return spec.name


def test_allowed_on_a_a_player_opens_one_on_b_and_forbidden_on_b_not_on_a(
    two: tuple[Host, Host], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = two
    assert not players_may_open(a.club_dir, a.database)
    assert not players_may_open(b.club_dir, b.database)
    with pytest.raises(TournamentError):
        opened_by_player(b, "Early")
    assert main(["tournaments", "allow"], host=a) == 0
    assert players_may_open(b.club_dir, b.database)
    assert opened_by_player(b, "Spring") == "Spring"
    with open_club(b) as index:
        assert index.club_setting(PLAYERS_MAY_OPEN) == "true"
    assert main(["tournaments", "forbid"], host=b) == 0
    assert not players_may_open(a.club_dir, a.database)
    with pytest.raises(TournamentError):
        opened_by_player(a, "Summer")
    for host in two:  # no host's own file: the club's setting only
        assert not (tournaments_dir(host.club_dir) / SETTINGS_NAME).exists()
    capsys.readouterr()


def test_a_hosts_own_file_is_not_the_clubs_setting(two: tuple[Host, Host]) -> None:
    a, b = two
    allow_players(True, a.club_dir)  # A's file, as before the club had a database
    assert json.loads((tournaments_dir(a.club_dir) / SETTINGS_NAME).read_text())
    assert players_may_open(a.club_dir)  # without the database: A's own setting, as before
    assert not players_may_open(a.club_dir, a.database)  # the club: not set, the host only
    assert not players_may_open(b.club_dir, b.database)


def test_with_the_database_out_of_reach_only_the_host_opens_one(data: Path) -> None:
    down = "postgresql://u:secret@127.0.0.1:1/club"
    allow_players(True, data)
    assert players_may_open(data) and not players_may_open(data, down)
