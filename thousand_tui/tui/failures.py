"""Problems the table meets while it plays (an opponent that fails), logged with their
traceback: to `thousand.log` in the data directory when the table runs from the command line.
`logging` is loaded when there is something to log, not before: the table starts sooner."""

from __future__ import annotations

from pathlib import Path

from ..private import open_private, private_dir


def log_failure(what: str, details: str, log_file: Path | None) -> Path | None:
    """Log `what` with `details` (a traceback); returns the file it went to, if any."""
    import logging

    log = logging.getLogger("thousand_tui")
    written: Path | None = None
    if log_file is not None:
        handlers = [h for h in log.handlers if isinstance(h, logging.FileHandler)]
        if not handlers:
            try:
                private_dir(log_file.parent)
                open_private(log_file, "a").close()  # readable by its owner only
                handler = logging.FileHandler(log_file, encoding="utf-8")
            except OSError:
                handler = None  # no log is no reason to stop the game
            if handler is not None:
                handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
                log.addHandler(handler)
                handlers = [handler]
        if handlers:
            written = Path(handlers[0].baseFilename)
    log.error("%s\n%s", what, details)
    return written
