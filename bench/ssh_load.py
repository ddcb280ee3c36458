"""Many players over SSH at once: the time to the table, the memory of a game, the exit after a
dropped client.

Runs the load test (`tests/robustness/test_ssh_load.py`: a real sshd on 127.0.0.1 set up as
docs/ssh-hosting.md says, players arriving one after another, each a scripted player against
`normal` opponents) and prints its figures: seconds from starting `ssh` to the table on screen
(each arriving player's screen is looked at every 0.05 s by a watcher of its own),
each game process's memory while all play (RSS, and PSS, which shares the libraries out fairly
between the processes that map them), and seconds from a client's `kill -9` to the end of its
game. Needs sshd and tmux (root, or an account sshd can log in as: see tests/robustness/sshd.py).
Each plays 150 s by default (the README's figures); `pytest -m slow` runs the test with 60 s each.

    python bench/ssh_load.py                          # 20 players, 150 s each: about 3.5 minutes
    python bench/ssh_load.py --sessions 40 --seconds 300
    python bench/ssh_load.py --level hard                # hard opponents, on the search service
    python bench/ssh_load.py --level hard --search own   # each game its own workers, to compare

With `--level hard` it also prints how long the AI's decisions took (each one's `think_ms` in
the records: median and 95th percentile) and the memory of all the games and all the AI's
workers together (the account's search service included), at the look with most games playing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

TEST = "tests/robustness/test_ssh_load.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20, help="players at once (20)")
    parser.add_argument("--seconds", type=float, default=150, help="each one's play (150)")
    parser.add_argument("--level", default="normal", help="the opponents' level (normal)")
    parser.add_argument(
        "--search",
        choices=("shared", "own"),
        default="shared",
        help="hard's workers: the account's search service (shared) or each game's own",
    )
    options = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as scratch:
        figures = Path(scratch) / "figures.json"
        env = {
            **os.environ,
            "THOUSAND_SSH_LOAD_SESSIONS": str(options.sessions),
            "THOUSAND_SSH_LOAD_SECONDS": str(options.seconds),
            "THOUSAND_SSH_LOAD_FIGURES": str(figures),
            "THOUSAND_SSH_LOAD_LEVEL": options.level,
            "THOUSAND_SSH_LOAD_SEARCH": options.search,
        }
        command = [sys.executable, "-m", "pytest", "-q", "-m", "slow", "-p", "no:cacheprovider"]
        done = subprocess.run([*command, "-rs", TEST], cwd=root, env=env, check=False)
        numbers = json.loads(figures.read_text()) if figures.exists() else None
    if numbers is None:
        print("no figures: the load test did not finish (see above)")
        return done.returncode or 1
    sessions, seconds = numbers["sessions"], numbers["play_seconds"]
    print(f"\n{sessions} SSH sessions on 127.0.0.1, {seconds:.0f} s of play each", end="")
    print(f", against {numbers.get('level')} (workers: {numbers.get('search')})")
    print(f"{'':<34} {'min':>7} {'median':>7} {'max':>7}")
    for name, label in (
        ("table_seconds", "seconds from ssh to the table"),
        ("rss_mb", "memory per game, RSS MB"),
        ("pss_mb", "memory per game, PSS MB"),
        ("cpu_percent", "CPU per game, % of one core"),
        ("exit_after_kill_seconds", "seconds from kill -9 to the exit"),
        ("exit_after_quit_seconds", "seconds from q, y to the exit"),
        ("decisions_per_player", "decisions of each player"),
        ("ai_decision_seconds", "seconds of each AI decision"),
        ("round_of_players_seconds", "the test's round of all players, s"),
    ):
        row = numbers.get(name) or {}
        if row:
            print(f"{label:<34} {row['min']:>7} {row['median']:>7} {row['max']:>7}")
    if numbers.get("ai_decisions"):
        print(
            f"AI decisions: {numbers['ai_decisions']}, 95th percentile "
            f"{numbers['ai_decision_p95_seconds']} s"
        )
    print(
        f"all games and workers, with {numbers.get('total_games_at_most')} games playing: "
        f"RSS {numbers.get('total_rss_mb')} MB, PSS {numbers.get('total_pss_mb')} MB"
    )
    print(f"tables later than 2 s: {numbers['tables_over_2s']} of {numbers['sessions']}")
    if numbers.get("tables_in_order"):
        shown = " ".join(f"{t:.1f}" for t in numbers["tables_in_order"])
        print(f"seconds to the table, by arrival: {shown}")
    print(
        f"the machine: {numbers['cores']} cores, 1-minute load average up to "
        f"{numbers['load_average_max']} (other programs included)"
    )
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
