"""What the tests of `ssh -t HOST WORDS` share: a host's config from its flags, and a person
logged in with a key of her own."""

from __future__ import annotations

import hashlib
from pathlib import Path

from thousand_tui import ssh
from thousand_tui.cli import build_parser, session_flags
from thousand_tui.options import SessionFlags

OLGA_KEY = "ssh-ed25519 AAAAolga"


def flags(*given: str) -> SessionFlags:
    """The host's settings of `thousand ssh-session FLAGS`, as `cli.py` reads them."""
    return session_flags(build_parser("ssh-session").parse_args(["ssh-session", *given]))


def config(*given: str) -> ssh.HostConfig:
    """The host's config of `thousand ssh-session FLAGS`."""
    return ssh.host_config(flags(*given))


def olga(folder: Path) -> tuple[dict[str, str], str]:
    """Olga logged in with her key: the environment sshd gives her session (its
    `SSH_USER_AUTH` file written in `folder`) and the player id her key is known by."""
    auth = folder / "auth"
    auth.write_text(f"publickey {OLGA_KEY}\n")
    return {ssh.USER_AUTH: str(auth)}, "key-" + hashlib.sha256(OLGA_KEY.encode()).hexdigest()[:16]
