"""What a program runs as (`Host`), and one priority for everything a hosted account runs:
the players' sessions, solo or at a shared table, the table service they start and the AI's
worker processes all run at nice 5, so that the host's own work (and sshd, which lets the next
player in) comes first.

Whether a process runs for a hosted account is read from its environment once, at its entry
point (`Host.of`: `cli.main`, a daemon's `main`, a worker's start), and passed down as a `Host`
value from there; a hosted session marks the environment of the processes it starts.

`give_way()` lowers the calling process to that priority, never further and never back up:
calling it twice changes nothing, and a process already lower (a background worker) stays
where it is. The processes and threads it starts afterwards inherit it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

HOSTED_NICENESS = 5
# Set by `thousand ssh-session`: the table runs as a hosted session (docs/ssh-hosting.md).
SESSION_MARK = "THOUSAND_SSH_SESSION"
# Set by `thousand serve` beside SESSION_MARK: the table is shown in a web browser (docs/web.md).
WEB_MARK = "THOUSAND_WEB_SESSION"
# The folder of the account's search service, shared by all its games (thousand_tui/ai/
# search_service.py); `thousand ssh-session` sets it to the account's own.
SEARCH_ENV = "THOUSAND_SEARCH_SERVICE"


# How a hosted SSH account's players log in (`thousand@cards.example.org`), set by
# `thousand ssh-session` too.
LOGIN_ENV = "THOUSAND_SSH_LOGIN"
LOGIN_UNKNOWN = "HOST"  # what a message names when the host did not say (`--host`)


@dataclass(frozen=True)
class Host:
    """What a program runs as, decided once at its entry point and passed down.

    `hosted`: it runs for a hosted session or was started by one (docs/ssh-hosting.md): it
    gives way to the host's own work, and its player, who can type neither `thousand` nor a
    path of the server, is never told to. `browser`: its table is shown in a web browser
    (`thousand serve`), whose player reloads the page where a terminal's player would type a
    command. `login`: how the hosted account's players log in (`ssh -t LOGIN ...`)."""

    hosted: bool = False
    browser: bool = False
    login: str = LOGIN_UNKNOWN

    @classmethod
    def of(cls, environ: Mapping[str, str] | None = None) -> Host:
        """What the process of `environ` (by default this one's) runs as: the one place that
        reads the marks a hosted session leaves in the environment of what it starts."""
        env = os.environ if environ is None else environ
        return cls(
            hosted=bool(env.get(SESSION_MARK)),
            browser=bool(env.get(WEB_MARK)),
            login=env.get(LOGIN_ENV) or LOGIN_UNKNOWN,
        )

    def mark(self, environ: Mapping[str, str]) -> dict[str, str]:
        """`environ` for a process this one starts (a daemon, a worker), marked as running
        as this program does: its entry point reads it back with `Host.of`."""
        env = {k: v for k, v in environ.items() if k not in (SESSION_MARK, WEB_MARK, LOGIN_ENV)}
        if self.hosted:
            env[SESSION_MARK] = "1"
            if self.login != LOGIN_UNKNOWN:
                env[LOGIN_ENV] = self.login
        if self.browser:
            env[WEB_MARK] = "1"
        return env


LOCAL = Host()  # a player's own terminal
HOSTED = Host(hosted=True)  # a hosted SSH login


def give_way() -> None:
    """Run at nice `HOSTED_NICENESS` from now on, unless already at it or lower."""
    try:
        if os.getpriority(os.PRIO_PROCESS, 0) < HOSTED_NICENESS:
            os.setpriority(os.PRIO_PROCESS, 0, HOSTED_NICENESS)
    except OSError:
        pass  # a priority is a courtesy; the game plays on without it
