"""Files only their owner can read: every folder the program makes is 0700 and every file
0600, whatever the process's umask, and a folder or file of the program's that other users
can open is made private again.

The first time something is tightened, one line says so ("Made ~/.local/share/thousand_tui
private (it was readable by other users)."): on the standard error by default, or wherever
`set_notice` sends it (the account's log on a hosted account, where the standard error is
the player's screen), in the words it is given (the player's language; English by default).
It is said once per process, however many files were tightened.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

DIR_MODE = 0o700
FILE_MODE = 0o600
UMASK = 0o077
OTHERS = 0o077  # the group's and other users' bits

_sink: Callable[[str], None] | None = None
_words: Callable[[str], str] | None = None
_told = False


def private_umask() -> None:
    """From now on the process creates nothing that other users can read."""
    os.umask(UMASK)


def set_notice(
    sink: Callable[[str], None] | None, words: Callable[[str], str] | None = None
) -> None:
    """Where the notice goes (None: the standard error), and its words: given the folder or
    file as the user knows it, the sentence (None: English)."""
    global _sink, _words
    _sink = sink
    _words = words


def notice_text(path: Path) -> str:
    where = shown(path)
    if _words is not None:
        return _words(where)
    return f"Made {where} private (it was readable by other users)."


def shown(path: Path) -> str:
    """`path` as the user knows it: under their home folder, with `~`."""
    with contextlib.suppress(RuntimeError, ValueError):
        return "~/" + str(path.relative_to(Path.home()))
    return str(path)


def tell(path: Path) -> None:
    """Say, once per process, that `path` was made private."""
    global _told
    if _told:
        return
    _told = True
    text = notice_text(path)
    if _sink is not None:
        _sink(text)
        return
    with contextlib.suppress(OSError, ValueError):
        print(f"thousand: {text}", file=sys.stderr, flush=True)


def log_to(log_file: Path) -> Callable[[str], None]:
    """A notice sink appending a stamped line to `log_file` (made private if new)."""

    def write(text: str) -> None:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        with contextlib.suppress(OSError):
            make_dir(log_file.parent)
            with open_private(log_file, "a") as log:
                log.write(f"{stamp} WARNING {text}\n")

    return write


def _tighten_mode(path: Path | int, mode: int) -> bool:
    """Take the group's and others' bits off; True if there were any."""
    if not mode & OTHERS:
        return False
    os.chmod(path, stat.S_IMODE(mode) & ~OTHERS & 0o7777)
    return True


def tighten(path: Path, notice: Path | None = None) -> bool:
    """Make `path` (a folder or a file, not followed if a link) private if other users can
    open it; the notice names `notice` (by default `path`). True if it was changed."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(info.st_mode):
        return False
    if _tighten_mode(path, info.st_mode):
        tell(notice or path)
        return True
    return False


def tighten_tree(root: Path) -> bool:
    """Make `root` and everything in it private (links are not followed); one notice names
    `root`. True if anything was changed."""
    changed = tighten(root)
    if not root.is_dir() or root.is_symlink():
        return changed
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            with contextlib.suppress(OSError):
                changed = tighten(Path(folder) / name, root) or changed
    return changed


def make_dir(path: Path) -> Path:
    """`path` as a folder: it and each missing folder above it are made 0700. An existing
    folder is left as it is (it may be a folder the user chose, as the current one)."""
    missing: list[Path] = []
    folder = path
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):
            os.mkdir(folder, DIR_MODE)
            os.chmod(folder, DIR_MODE)  # whatever the umask
    if not path.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(path))
    return path


def private_dir(path: Path) -> Path:
    """A folder of the program's own: made as `make_dir` does, and made private if it is
    not (with the notice)."""
    make_dir(path)
    tighten(path)
    return path


def open_private(path: Path, mode: str = "a", **kwargs: Any) -> IO[Any]:
    """`open(path, mode)` for writing ("a", "ab", "w", "wb", "x", "xb"), the file made 0600
    if new; an existing one that other users can read is made private (with the notice)."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
    if "a" in mode:
        flags |= os.O_APPEND
    elif "x" in mode:
        flags |= os.O_EXCL
    elif "w" in mode:
        flags |= os.O_TRUNC
    else:
        raise ValueError(f"open_private writes; {mode!r} is not a writing mode")
    if "b" not in mode:
        kwargs.setdefault("encoding", "utf-8")
    fd = os.open(path, flags, FILE_MODE)
    try:
        info = os.fstat(fd)
        if info.st_mode & OTHERS:
            os.fchmod(fd, stat.S_IMODE(info.st_mode) & ~OTHERS & 0o7777)
            tell(path)
        return os.fdopen(fd, mode, **kwargs)
    except BaseException:
        os.close(fd)
        raise


def write_private(path: Path, text: str) -> None:
    """Replace `path` with `text` in one step (a reader sees the old file or the new one),
    the new file 0600."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open_private(temporary, "w") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
