"""One priority for everything a hosted account runs: the players' sessions, solo or at a
shared table, the table service they start and the AI's worker processes all run at nice 5,
so that the host's own work (and sshd, which lets the next player in) comes first.

`give_way()` lowers the calling process to that priority, never further and never back up:
calling it twice changes nothing, and a process already lower (a background worker) stays
where it is. The processes and threads it starts afterwards inherit it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

HOSTED_NICENESS = 5
# Set by `thousand ssh-session`: the table runs as a hosted session (docs/ssh-hosting.md).
SESSION_MARK = "THOUSAND_SSH_SESSION"
# Set by `thousand serve` beside SESSION_MARK: the table is shown in a web browser (docs/web.md).
WEB_MARK = "THOUSAND_WEB_SESSION"
# The folder of the account's search service, shared by all its games (thousand_tui/ai/
# search_service.py); `thousand ssh-session` sets it to the account's own.
SEARCH_ENV = "THOUSAND_SEARCH_SERVICE"


def hosted(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this process runs for a hosted session (or was started by one): it gives way to
    the others, and its player, who can type neither `thousand` nor a path of the server, is
    never told to (docs/ssh-hosting.md)."""
    return bool((os.environ if environ is None else environ).get(SESSION_MARK))


def in_browser(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this process shows its table in a web browser (`thousand serve`): its player
    reloads the page where a terminal's player would type a command."""
    return bool((os.environ if environ is None else environ).get(WEB_MARK))


def give_way() -> None:
    """Run at nice `HOSTED_NICENESS` from now on, unless already at it or lower."""
    try:
        if os.getpriority(os.PRIO_PROCESS, 0) < HOSTED_NICENESS:
            os.setpriority(os.PRIO_PROCESS, 0, HOSTED_NICENESS)
    except OSError:
        pass  # a priority is a courtesy; the game plays on without it


def give_way_if_hosted() -> None:
    if hosted():
        give_way()
