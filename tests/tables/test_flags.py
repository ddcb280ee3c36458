"""`thousand open` and `thousand join` parsed like every command: their flags become a typed
setup (`OpenSetup`, `JoinSetup`) before anything connects, and a bad one is refused there."""

from __future__ import annotations

import pytest

from thousand_tui.cli import build_parser, join_setup, open_setup
from thousand_tui.settings import JoinSetup, OpenSetup, SetupError


def parsed(*args: str) -> object:
    return build_parser(args[0]).parse_args(list(args))


def test_open_flags_make_its_setup() -> None:
    options = parsed(
        "open", "classic", "--people", "1,3", "--ai", "hard", "--timeout", "5", "--hints",
        "--name", "Ann", "--lang", "ru", "--pace", "0.2",
    )  # fmt: skip
    setup = open_setup(options)  # type: ignore[arg-type]
    assert isinstance(setup, OpenSetup)
    assert (setup.people, setup.level, setup.timeout, setup.hints, setup.who) == (
        [0, 2], "hard", 5.0, True, None,
    )  # fmt: skip
    table = setup.table
    assert table.preset is not None and table.preset.name == "classic"
    assert (table.name, table.lang, table.pace) == ("Ann", "ru", 0.2)


def test_open_without_flags_is_a_table_of_people_and_easy_ai() -> None:
    setup = open_setup(parsed("open"))  # type: ignore[arg-type]
    assert (setup.people, setup.level, setup.timeout, setup.hints) == (None, "easy", 60.0, False)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--people", "2,3"], "--people lists the seats for people, 1 (yours) to 3"),
        (["--people", "1,5"], "--people lists the seats for people, 1 (yours) to 3"),
        (["--ai", "clever"], "--ai must be one of random, easy, normal, hard"),
        (["--timeout", "-1"], "--timeout must be from 0 to"),
    ],
)
def test_bad_open_flags_are_refused_saying_why(args: list[str], words: str) -> None:
    with pytest.raises(SetupError, match=words.replace("(", r"\(").replace(")", r"\)")):
        open_setup(parsed("open", *args))  # type: ignore[arg-type]


def test_join_flags_make_its_setup() -> None:
    setup = join_setup(parsed("join", "K7QM2P", "--seat", "2", "--name", "Bob"))  # type: ignore[arg-type]
    assert isinstance(setup, JoinSetup)
    assert (setup.code, setup.seat, setup.who, setup.table.name) == ("K7QM2P", 1, None, "Bob")


def test_a_bad_table_code_is_refused_saying_what_a_code_is() -> None:
    with pytest.raises(SetupError, match="is not a table code: six letters and digits"):
        join_setup(parsed("join", "nope"))  # type: ignore[arg-type]


@pytest.mark.parametrize("command", [["open", "classic"], ["join", "K7QM2P"]])
def test_the_comforts_of_a_seat_are_flags_at_a_shared_table_too(command: list[str]) -> None:
    """Playing your only legal card and going on to the next deal by themselves are yours to
    choose at any table; taking a card back never is at a shared one."""
    make = open_setup if command[0] == "open" else join_setup
    setup = make(parsed(*command, "--auto-play", "--auto-next"))  # type: ignore[arg-type]
    assert setup.table.auto_play and setup.table.auto_next
    with pytest.raises(SystemExit):
        parsed(*command, "--take-back")


def test_open_private_and_fill_and_the_lobby_flags_make_their_setups() -> None:
    from thousand_tui.cli import lobby_setup

    setup = open_setup(parsed("open", "--private", "--fill", "30"))  # type: ignore[arg-type]
    assert (setup.private, setup.fill) == (True, 30.0)
    plain = open_setup(parsed("open"))  # type: ignore[arg-type]
    assert (plain.private, plain.fill) == (False, None)  # public; waits for the opener's s
    lobby = lobby_setup(parsed("lobby", "--lang", "ru", "--ai", "normal"))  # type: ignore[arg-type]
    assert (lobby.fill, lobby.level, lobby.table.lang) == (60.0, "normal", "ru")
    assert "classic" in lobby.presets and "two-player" in lobby.presets
    offered = lobby_setup(parsed("lobby", "--offer", "cards=classic,family", "--fill", "0"))  # type: ignore[arg-type]
    assert (dict(offered.presets), offered.fill) == ({"cards": "classic", "family": "family"}, 0.0)


@pytest.mark.parametrize("command", [["open"], ["lobby"]])
@pytest.mark.parametrize("fill", ["-1", "3601"])
def test_a_fill_time_out_of_bounds_is_refused_saying_why(command: list[str], fill: str) -> None:
    from thousand_tui.cli import lobby_setup

    make = open_setup if command == ["open"] else lobby_setup
    with pytest.raises(SetupError, match="--fill must be from 0 to 3600 seconds"):
        make(parsed(*command, "--fill", fill))  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="--ai must be one of"):
        lobby_setup(parsed("lobby", "--ai", "godlike"))  # type: ignore[arg-type]
