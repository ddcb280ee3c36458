"""A host's name in a club database comes from its `Host` (`open_club`, or the `node` its
caller gives), never from the environment: an index opened on the database without one
reads what is the club's, and refuses what is a host's own rather than file it under a name
that is nobody's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.store.helpers import write_record
from tests.store.test_club_ratings import SOLO, finished_lines
from thousand_tui.priority import NODE_ENV, Host
from thousand_tui.stats import read_stats
from thousand_tui.store.index import index_path, open_club, open_index


@pytest.fixture
def host(data: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch) -> Host:
    # What the environment says is not this host's name: nothing below the entry point reads it.
    monkeypatch.setenv(NODE_ENV, "from-the-environment")
    folder = data.parent / "a"
    folder.mkdir(mode=0o700)
    write_record(folder / "games", "on-a.jsonl", finished_lines(3, SOLO))
    return Host(data=folder, database=pg_url, node="host-a")


def test_the_hosts_own_player_is_named_by_its_host_value(host: Host) -> None:
    with open_club(host) as index:
        assert (index.node, index.local) == ("host-a", "local:host-a")
        index.refresh()
        assert dict(index.players()) == {"local:host-a": "Olga"}


def test_an_index_opened_without_the_hosts_name_refuses_its_own_records(host: Host) -> None:
    path = index_path(host.club_dir)
    assert host.database is not None
    with open_index(path, database=host.database) as index:
        assert index.node == ""
        with pytest.raises(ValueError, match="node"):
            index.refresh()
        with pytest.raises(ValueError, match="node"):
            index.rebuild()
        with pytest.raises(ValueError, match="node"):
            index.dealt_on("2026-12-06", "classic", "local:host-a", 1)
        index.set_club_setting("players_may_open", "true")  # the club's: no host's name needed
        assert index.players() == []  # nothing was filed under a nameless host


def test_statistics_read_from_the_club_database_are_the_named_hosts(host: Host) -> None:
    games = host.data_dir / "games"
    said: list[str] = []
    stats = read_stats(games, None, said.append, index_path(host.club_dir), host.database, "host-a")
    assert said == [] and stats.total.games == 1
    with open_club(host) as index:
        assert dict(index.players()) == {"local:host-a": "Olga"}
