"""What the hosts of one club share through its database: the daily deal's secret (every host
deals the same day's cards, the first host's own secret kept when a club moves to the
database) and its people (a key met on one host, a name chosen there, known on another)."""

from __future__ import annotations

from pathlib import Path

from thousand_tui import ssh
from thousand_tui.daily import KEY_NAME, day_deals, secret
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.store.index import open_club


def hosts(tmp_path: Path, database: str | None) -> tuple[Host, Host]:
    a, b = tmp_path / "host-a", tmp_path / "host-b"
    a.mkdir()
    b.mkdir()
    return Host(data=a, database=database), Host(data=b, database=database)


def test_every_host_deals_the_same_days_cards(tmp_path: Path, pg_url: str) -> None:
    a, b = hosts(tmp_path, pg_url)
    (a.club_dir / KEY_NAME).write_text("ab" * 32 + "\n")  # A's own, from before the database
    assert (
        secret(a.club_dir, a.database) == secret(b.club_dir, b.database) == bytes.fromhex("ab" * 32)
    )
    assert not (b.club_dir / KEY_NAME).exists()  # B never made one of its own
    preset = load_preset("classic")
    dealt_a = day_deals(secret(a.club_dir, a.database), "2026-12-06", preset)
    dealt_b = day_deals(secret(b.club_dir, b.database), "2026-12-06", preset)
    assert [d.hands for d in dealt_a] == [d.hands for d in dealt_b]


def test_without_a_database_each_host_keeps_its_own_secret(tmp_path: Path) -> None:
    a, b = hosts(tmp_path, None)
    assert secret(a.club_dir) != secret(b.club_dir)
    assert (a.club_dir / KEY_NAME).stat().st_mode & 0o077 == 0


def auth(folder: Path, key: str) -> str:
    path = folder / f"auth-{key}"
    path.write_text(f"publickey ssh-ed25519 {key}\n")
    return str(path)


def test_a_player_met_on_one_host_is_known_by_name_on_another(tmp_path: Path, pg_url: str) -> None:
    a, b = hosts(tmp_path, pg_url)
    config_a = ssh.HostConfig({"classic": "classic"}, "classic", account=a)
    config_b = ssh.HostConfig({"classic": "classic"}, "classic", account=b)
    env = {ssh.USER_AUTH: auth(tmp_path, "AAAAolga")}
    who = ssh.player_id(config_a, env)
    assert who is not None and who == ssh.player_id(config_b, env)
    assert ssh.person_name(config_b, env) is None  # nobody knows her yet
    assert ssh.name_player(config_a, "Olga", env) == 0  # she names herself on A
    assert ssh.person_name(config_b, env) == "Olga"  # and B knows her by it
    with open_club(b) as index:
        assert index.person(who) == ("ssh-ed25519 AAAAolga", "Olga")
        # B's index names her games by it, though she chose it on A.
        games = b.data_dir / "players" / who / "games"
        games.mkdir(parents=True)
        (games / "x.jsonl").write_text("not a record\n")
        index.refresh()
        assert (who, "Olga") in index.players()


def test_a_hosts_own_name_file_wins_and_sqlite_hosts_share_nothing(tmp_path: Path) -> None:
    a, b = hosts(tmp_path, None)
    config_a = ssh.HostConfig({"classic": "classic"}, "classic", account=a)
    config_b = ssh.HostConfig({"classic": "classic"}, "classic", account=b)
    env = {ssh.USER_AUTH: auth(tmp_path, "AAAAewa")}
    assert ssh.name_player(config_a, "Ewa", env) == 0
    assert ssh.person_name(config_a, env) == "Ewa"
    assert ssh.person_name(config_b, env) is None
