"""The flags of a command as the command line gave them: typed, read once by `cli.py` from what
it parsed, and passed down: a table's (`TableFlags`) to the table (`tui`) and to
`settings.setup_from_options`, which checks them; the host's settings of `thousand
ssh-session` (`SessionFlags`) to `ssh.py`; those of `thousand ssh-check` (`CheckFlags`) to
`ssh_check.py`."""

from __future__ import annotations

from dataclasses import dataclass

from .priority import LOCAL, Host

# Who may watch a shared table (`open --watchers`; its opener says): nobody; watchers who see
# the game but not the chat; who read the chat too; who write in it too (their lines marked as
# a watcher's). Here, not with the wire, so that a solo game's choices read it without loading
# the shared tables' code.
WATCHERS = ("none", "quiet", "read", "chat")


@dataclass(frozen=True)
class TableFlags:
    """The flags of `thousand` (`play`) and `thousand daily`, not yet checked: None (or False)
    where a flag was not given, or where the command has no such flag.

    `host` is what the program runs as, decided at its entry point."""

    host: Host = LOCAL
    preset: str | None = None
    players: int | None = None
    ai: str | None = None
    seed: int | None = None
    name: str | None = None
    lang: str | None = None
    ascii: bool = False
    reduced_motion: bool = False
    suit_order: str | None = None
    auto_play: bool = False
    auto_next: bool = False
    pace: float | None = None
    think: float | None = None
    no_hints: bool = False
    no_auto_analysis: bool = False
    take_back: bool = False
    resume: str | None = None
    # The start screen of a hosted account: the host's whitelist (`thousand ssh-session`).
    offer: str | None = None
    offer_ai: str | None = None
    # `thousand daily --board`: print the day's board instead of playing.
    board: bool = False
    # `--plain` (True), `--no-plain` (False): the line mode, or the table; None: as last chosen.
    plain: bool | None = None


@dataclass(frozen=True)
class SessionFlags:
    """The host's settings of `thousand ssh-session` (its `ForceCommand` line), not yet
    checked (`ssh.host_config` does): None where a flag was not given.

    `presets`: the whitelist as given (NAME or NAME=FILE, comma-separated); `server`: the
    host name players connect to (`--host`); `authorized_keys`: where the keys' comments are;
    `dry_run`: print what the session would run instead of running it."""

    presets: str | None = None
    default: str | None = None
    ai: str | None = None
    player: str | None = None
    server: str | None = None
    authorized_keys: str | None = None
    dry_run: bool = False


@dataclass(frozen=True)
class CheckFlags:
    """The flags of `thousand ssh-check`: the account to check (`[USER@]HOST` or a Host of
    ssh_config) and how the ssh client reaches it."""

    destination: str
    port: int | None = None
    identity: str | None = None
    config: str | None = None
    options: tuple[str, ...] = ()  # each `-o` given, in order


__all__ = ["CheckFlags", "SessionFlags", "TableFlags"]
