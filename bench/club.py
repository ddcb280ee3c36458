"""A club of several hosts on PostgreSQL (docs/scaling.md), measured on this machine:

- the lobby's update latency across hosts: from a table opened on host A (its `open`
  answered) until host B's lobby lists it, and from its opener leaving (the table closes)
  until B's lobby drops it; median and 95th percentile;
- the club index's write rate with 50 games ending at once: 50 processes, each indexing its
  player's folder with the game just ended (`ClubIndex.refresh_folder`, what `thousand stats`
  and the ratings do), released together; and the writes alone, 50 processes each keeping
  six daily results (a transaction each); on PostgreSQL and on SQLite;
- the table service's memory (VmRSS, VmHWM) with 10 tables open, with and without the club
  database (the directory's threads and psycopg);
- the size of a whole game's record and of the copy a club database keeps of it (zlib), the
  same of each of a day's daily deals (played by random legal decisions), and what rating
  costs with 1,000 games rated: one game ended after the others (only it rated), one that
  ended before the last 10 (those rated again), every rating made again (`--only ratings`
  needs no server).

`--only index` (or lobby, keep, memory, ratings) runs one part.

It needs a PostgreSQL server where it may make a database (dropped after): `--server URL`, or
the URL in THOUSAND_TEST_DATABASE (`.ci/postgres start DIR` starts one and prints it).

    python bench/club.py --server postgresql://thousand:PW@127.0.0.1:PORT/postgres
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stats_index import whole_game

from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.store.index import INDEX_NAME, DailyResult, _packed, open_index
from thousand_tui.tables.client import TableClient, list_tables, open_table
from thousand_tui.tables.directory import watch
from thousand_tui.tables.service import LOCK_NAME, tables_dir
from thousand_tui.tables.wire import TableOptions


@contextmanager
def database(server: str) -> Iterator[str]:
    import psycopg

    name = f"thousand_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield urlunsplit(urlsplit(server)._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@contextmanager
def folders(*names: str) -> Iterator[list[Path]]:
    made = [Path(tempfile.mkdtemp(prefix=f"tb{name}-", dir="/tmp")) for name in names]
    try:
        yield made
    finally:
        for folder in made:
            stop(folder)
            shutil.rmtree(folder, ignore_errors=True)


def service_pid(base: Path) -> int | None:
    try:
        return int((tables_dir(base) / LOCK_NAME).read_text().strip())
    except (OSError, ValueError):
        return None


def stop(base: Path) -> None:
    pid = service_pid(base)
    if pid is not None:
        with suppress(ProcessLookupError):
            os.kill(pid, 9)


def options(name: str) -> TableOptions:
    from dataclasses import replace

    return replace(TableOptions.of(load_preset("classic"), "en"), name=name, people=(0, 1, 2))


def percentiles(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return f"median {statistics.median(values) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"


# ---------------------------------------------------------------------- the lobby's latency


def until(done: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise SystemExit("timed out")
        time.sleep(0.002)


def lobby_latency(url: str, tables: int) -> None:
    with folders("a", "b") as (fa, fb):
        a = Host(data=fa, database=url, node="bench-a")
        b = Host(data=fb, database=url, node="bench-b")
        seen = watch(b)
        assert seen is not None
        list_tables(host=b)  # B's lobby listening
        opened_in: list[float] = []
        closed_in: list[float] = []
        for number in range(tables):
            client, welcome = open_table(options(f"P{number}"), host=a)
            start = time.monotonic()
            until(lambda code=welcome.code: code in [t.code for t in list_tables(host=b)])
            opened_in.append(time.monotonic() - start)
            client.close()  # its opener leaves: it closes at the service's next look
            start = time.monotonic()
            until(lambda code=welcome.code: code not in [t.code for t in list_tables(host=b)])
            closed_in.append(time.monotonic() - start)
        print(f"lobby across hosts, a table opened on A listed on B ({tables} tables): "
              f"{percentiles(opened_in)}")  # fmt: skip
        print(f"lobby across hosts, a table closed on A gone from B: {percentiles(closed_in)}")


# ---------------------------------------------------------------------- the index's writes


def _index_one(args: tuple[str, str | None, str, object, object]) -> float:
    index_file, url, folder, ready, go = args
    with open_index(Path(index_file), database=url, node="bench-i") as index:
        ready.release()  # type: ignore[attr-defined]
        go.wait()  # type: ignore[attr-defined]
        start = time.monotonic()
        index.refresh_folder(Path(folder))
        return time.monotonic() - start


def _keep_one(args: tuple[str, str | None, int, object, object]) -> float:
    index_file, url, number, ready, go = args
    with open_index(Path(index_file), database=url) as index:
        ready.release()  # type: ignore[attr-defined]
        go.wait()  # type: ignore[attr-defined]
        start = time.monotonic()
        for deal in range(1, 7):
            index.add_daily_results(
                [DailyResult("2026-12-06", "classic", f"key-{number:04d}", deal, 60, 40)]
            )
        return time.monotonic() - start


def keep_rate(url: str | None, players: int) -> None:
    """The writes alone: `players` processes each keeping six daily results, one transaction
    each, released together."""
    with folders("k") as (base,):
        index_file = base / INDEX_NAME
        open_index(index_file, database=url).close()
        context = multiprocessing.get_context("fork")
        with context.Manager() as manager:
            ready = manager.Semaphore(0)
            go = manager.Event()
            with context.Pool(players) as pool:
                waiting = pool.map_async(
                    _keep_one, [(str(index_file), url, n, ready, go) for n in range(players)]
                )
                for _ in range(players):
                    ready.acquire()
                start = time.monotonic()
                go.set()
                each = waiting.get()
                wall = time.monotonic() - start
        with open_index(index_file, database=url) as index:
            assert len(index.daily_results("2026-12-06")) == 6 * players
        kind = "PostgreSQL" if url else "SQLite"
        writes = 6 * players
        print(f"index, {players} processes keeping 6 results each at once on {kind}: "
              f"{writes} transactions in {wall:.2f} s ({writes / wall:.0f} a second); "
              f"each process {percentiles(each)}")  # fmt: skip


def write_rate(url: str | None, games: int) -> None:
    import json

    with folders("i") as (base,):
        game = whole_game(1)
        deals = sum(1 for line in game if line.get("type") == "deal")
        # its end told, so that each game is rated as it is indexed
        game.append({"type": "end", "winner": 0, "scores": [1000, 600, 400], "deals": deals})
        text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in game)
        players = []
        for number in range(games):
            folder = base / "players" / f"key-{number:04d}" / "games"
            folder.mkdir(parents=True)
            (folder / "ended.jsonl").write_text(text, encoding="utf-8")
            players.append(str(folder))
        index_file = base / INDEX_NAME
        open_index(index_file, database=url).close()  # made (migrated) before
        context = multiprocessing.get_context("fork")
        with context.Manager() as manager:
            ready = manager.Semaphore(0)
            go = manager.Event()
            with context.Pool(games) as pool:
                waiting = pool.map_async(
                    _index_one, [(str(index_file), url, f, ready, go) for f in players]
                )
                for _ in players:
                    ready.acquire()
                start = time.monotonic()
                go.set()
                each = waiting.get()
                wall = time.monotonic() - start
        with open_index(index_file, database=url, node="bench-i") as index:
            assert len(index.games()) == games
            assert len(index.rated_games()) == games
            (kept,) = index.database.execute("SELECT count(*) FROM records").fetchone()
            assert kept == (games if url else 0)
        kind = "PostgreSQL" if url else "SQLite"
        print(f"index, {games} games ending at once on {kind}: all written in {wall:.2f} s "
              f"({games / wall:.0f} games/s); each write {percentiles(each)}")  # fmt: skip


def kept_size(data: bytes) -> int:
    """The bytes a club database keeps of a record (`store.index`'s copy of it)."""
    body = _packed(data)
    assert body is not None
    return len(body)


def daily_record_sizes() -> None:
    """The records of a day's daily deals (classic), each played to its end by random legal
    decisions and kept as the daily keeps it, and the copies a club database keeps of them."""
    import json
    import random

    from thousand_tui.daily import DEALS, REFERENCE_NAME, Daily, day_folder
    from thousand_tui.engine.game import PlayerInfo
    from thousand_tui.private import private_dir

    players = [PlayerInfo("You", "human"), PlayerInfo("Anna", "ai", "hard"),
               PlayerInfo("Boris", "ai", "hard")]  # fmt: skip
    rng = random.Random(1)
    sizes: list[tuple[int, int]] = []
    with folders("d") as (base,), open_index(base / INDEX_NAME) as index:
        day = Daily("2026-12-06", load_preset("classic"), base)
        folder = day_folder(day.date, day.name, base)
        private_dir(folder)
        (folder / REFERENCE_NAME).write_text(json.dumps([0] * DEALS))  # none to compute
        for number in range(1, DEALS + 1):
            opened = day.open_deal(index, "local", players)
            assert opened is not None and opened.number == number
            game = opened.game
            while not game.results:
                seat = game.to_move
                assert seat is not None
                game.apply(rng.choice(game.legal_actions(seat)))
            opened.writer.close()
            data = opened.path.read_bytes()
            sizes.append((len(data), kept_size(data)))
            day.settle(index, "local", number, game)
    whole = [size for size, _ in sizes]
    kept = [size for _, size in sizes]
    print(f"a daily deal's record ({DEALS} deals of a day): {min(whole) / 1024:.1f}–"
          f"{max(whole) / 1024:.1f} KB; kept in the club database: {min(kept) / 1024:.1f}–"
          f"{max(kept) / 1024:.1f} KB")  # fmt: skip


def rating_cost(games: int = 1000) -> None:
    """A record's size and its kept copy's; one game rated after the others against every
    rating made again from `games` games (`ClubIndex._rate`, `_rate_from`), on SQLite."""
    import json
    from dataclasses import replace
    from datetime import UTC, datetime, timedelta

    from thousand_tui.ratings import FinishedGame

    game = whole_game(1)
    text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in game).encode()
    deals = sum(1 for line in game if line.get("type") == "deal")
    print(f"a whole game's record ({deals} deals): {len(text) / 1024:.1f} KB; "
          f"kept in the club database: {kept_size(text) / 1024:.1f} KB")  # fmt: skip
    daily_record_sizes()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    people = [f"key-{n:03d}" for n in range(100)]

    def one(n: int) -> FinishedGame:
        seats = (people[n % 100], people[(7 * n + 3) % 100], "ai:hard")
        if seats[0] == seats[1]:
            seats = (seats[0], "ai:easy", "ai:hard")
        return FinishedGame(start + timedelta(minutes=n), seats, (1000, 600, 400), (0,),
                            deals=20, game=f"g{n}")  # fmt: skip

    with folders("r") as (base,), open_index(base / INDEX_NAME) as index:
        rated = {(f"/r/{n}", 1): one(n) for n in range(games)}
        with index.database.writing() as db:
            index._rate(db, {}, rated)  # made once: the club's games so far

        def timed(key: str, game: FinishedGame) -> float:
            began = time.perf_counter()
            with index.database.writing() as db:
                index._rate(db, {}, {(key, 1): game})
            return time.perf_counter() - began

        alone = timed("/r/last", one(games))
        late = timed("/r/late", replace(one(games - 10), game="late"))
        began = time.perf_counter()
        with index.database.writing() as db:
            index._rate_from(db, None)
        again = time.perf_counter() - began
    print(f"ratings with {games} games rated: one more game ended after them "
          f"{alone * 1000:.1f} ms; one that ended before the last 10 (those rated again) "
          f"{late * 1000:.1f} ms; every rating made again {again * 1000:.0f} ms")  # fmt: skip


# ---------------------------------------------------------------------- the service's memory


def memory(url: str | None, tables: int) -> None:
    with folders("m") as (base,):
        host = Host(data=base, database=url, node="bench-m")
        clients: list[TableClient] = []
        for number in range(tables):
            client, _ = open_table(options(f"M{number}"), host=host)
            clients.append(client)
        time.sleep(3.0)  # the directory written, its heart beating
        pid = service_pid(base)
        status = Path(f"/proc/{pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        rss, hwm = fields["VmRSS"].strip(), fields["VmHWM"].strip()
        kind = "with the club database (PostgreSQL)" if url else "without (SQLite club)"
        print(f"table service, {tables} tables open, {kind}: VmRSS {rss}, VmHWM {hwm}")
        for client in clients:
            client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default=os.environ.get("THOUSAND_TEST_DATABASE"))
    parser.add_argument("--tables", type=int, default=30, help="tables opened for the latency")
    parser.add_argument("--games", type=int, default=50, help="games ending at once")
    parser.add_argument("--open", type=int, default=10, help="tables open for the memory")
    parts = ("lobby", "index", "keep", "memory", "ratings")
    parser.add_argument("--only", choices=parts, help="run this part only")
    options_ = parser.parse_args()
    run = {options_.only} if options_.only else set(parts)
    if "ratings" in run:
        rating_cost()
    if run == {"ratings"}:
        return
    if not options_.server:
        raise SystemExit("give --server postgresql://... (or set THOUSAND_TEST_DATABASE)")
    with database(options_.server) as url:
        if "lobby" in run:
            lobby_latency(url, options_.tables)
        if "index" in run:
            write_rate(url, options_.games)
            write_rate(None, options_.games)
        if "keep" in run:
            keep_rate(url, options_.games)
            keep_rate(None, options_.games)
        if "memory" in run:
            memory(url, options_.open)
            memory(None, options_.open)


if __name__ == "__main__":
    main()
