"""The line mode at a shared table, through the real table service: one person plays by
lines (driven through the line mode's input and output), another is a scripted client;
whole deals are played, chat goes both ways and is said as data, a person away is said and
the AI taking the seat, the move clock warns, the club database out of reach and back is said
once each; no line carries an escape sequence."""

from __future__ import annotations

import io
import itertools
import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from tests.helpers.waiting import wait_for
from tests.line.test_line_mode import ROOT, clean
from tests.tables.helpers import ClubDatabase, Seat, opened
from tests.tables.test_faults import service  # noqa: F401 (a fixture)
from thousand_tui import line
from thousand_tui.line import shared as line_shared
from thousand_tui.line.texts import say
from thousand_tui.settings import JoinSetup, TableSetup
from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.tables.service import Service
from thousand_tui.tables.wire import ChatLine
from thousand_tui.tui.i18n import Translator

WAIT = 60.0
PROMPT = re.compile(
    r"^(Your bid|Your contract|Your lead|Your card|Give |Put aside|.*Type a number\.$"
    r"|Ваша ставка|Ваш заказ|Ваш ход|Ваша карта|Отдайте|Снесите|.*Наберите номер\.$)"
)


@pytest.fixture
def base(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A data directory with a path short enough for a socket; its service stopped after."""
    with short_folder("tl-") as folder:
        monkeypatch.setenv(DATA_DIR_ENV, str(folder))
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
        yield folder


class Terminal(io.StringIO):
    """The line mode's standard output (kept, from any thread) and its input: `readline`
    waits for what the test types."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: queue.Queue[str] = queue.Queue()
        self.lock = threading.Lock()

    def write(self, text: str) -> int:
        with self.lock:
            return super().write(text)

    @property
    def lines(self) -> list[str]:
        with self.lock:
            return self.getvalue().splitlines()

    def type(self, text: str) -> None:
        self.write(f"> {text}\n")  # in the transcript only
        self.keys.put(text + "\n")

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self.keys.get()


def said(term: Terminal) -> list[str]:
    return [text for text in term.lines if not text.startswith("> ")]


def answer(term: Terminal) -> str | None:
    """What a person types at the last line, if it asks for something (in English or in
    Russian): the first card a prompt names, pass, play, the first choice; where any card
    will do, the hand first."""
    lines = term.lines
    for number in range(len(lines) - 1, -1, -1):  # the last question not answered yet
        last = lines[number]
        if last.startswith("> ") and not last.startswith(("> say ", "> score", "> счёт")):
            return None
        asked_hand = number > 0 and lines[number - 1] in ("> hand", "> рука")
        if last.startswith(("Hand,", "Рука,")) and asked_hand:
            found = re.search(r": (\w+) (\w+)", last)
            assert found is not None, last
            if last.startswith("Рука,"):
                return f"{found.group(2)} {found.group(1)}"  # «король пики»
            return f"{found.group(2)} of {found.group(1)}"
        if PROMPT.match(last):
            break
    else:
        return None
    russian = re.search("[а-я]", last) is not None
    if last.startswith(("Your bid", "Ваша ставка")):
        return "пас" if russian else "pass"
    if last.startswith(("Your contract", "Ваш заказ")):
        return "играю" if russian else "play"
    if last.endswith(("Type a number.", "Наберите номер.")):
        return "1"
    if ": any" in last or ": любая" in last or ": любую" in last:
        return "рука" if russian else "hand"
    return last.rsplit(": ", 1)[1].split(", ")[0].rstrip(".")


def seat_by_lines(
    base: Path, code: str, lang: str = "en"
) -> tuple[Terminal, threading.Thread, list[int]]:
    term = Terminal()
    status: list[int] = []
    setup = JoinSetup(TableSetup(lang=lang, name="Lena"), code, None, None)

    def play() -> None:
        status.append(line.run_join(setup, term, term))

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    return term, thread, status


def drive(
    ann: Seat,
    term: Terminal,
    done: Callable[[], bool],
    timeout: float = WAIT,
    play: bool = True,
    pump: bool = True,
) -> None:
    """The scripted seat plays (without `pump`, it is left alone: its service is gone), the
    person by lines answers each prompt (with `play`), until `done()`."""
    answered = -1

    def step() -> bool:
        nonlocal answered
        if pump:
            ann.pump()
        if done():
            return True
        lines = term.lines
        if play and len(lines) != answered:
            typed = answer(term)
            if typed is not None:
                answered = len(lines) + 1
                term.type(typed)
        return False

    wait_for(
        "the table to get there",
        step,
        timeout=timeout,
        every=0.02,
        shown=lambda: "the lines end:\n" + "\n".join(term.lines[-15:]) + "\n" + ann.describe(),
    )


@pytest.mark.long
def test_a_plain_player_and_a_scripted_one_play_whole_deals_and_chat(base: Path) -> None:
    ann = opened(base, "Ann", people=[0, 1])
    term, thread, status = seat_by_lines(base, ann.mirror.code)
    drive(ann, term, lambda: any(s.startswith("Deal 1,") for s in said(term)))
    assert said(term)[0] == f"You sit at table {ann.mirror.code}, seat 2."
    # Chat both ways: the other's line said as data, never read as markup or a command.
    ann.client.chat("[bold]hi[/bold] \x1b[31mLena\x1b[0m, quit")
    drive(ann, term, lambda: any(" says: " in s for s in said(term)), play=False)
    assert "Ann says: [bold]hi[/bold] Lena, quit" in said(term)
    term.type("say good luck")
    told = lambda: [m for m in ann.told if isinstance(m, ChatLine) and m.name == "Lena"]  # noqa: E731
    drive(ann, term, lambda: bool(told()), play=False)
    assert told()[0].text == "good luck"
    # Two whole deals, every decision typed (their points said; a deal redealt has none, and
    # the deals are random: deal 1 may be one).
    scored = lambda: [s for s in said(term) if re.match(r"^Deal \d+: ", s)]  # noqa: E731
    drive(ann, term, lambda: len(scored()) >= 2)
    lines = said(term)
    assert any(s.startswith("Scores: ") for s in lines)
    assert any(re.match(r"^Trick \d+: ", s) for s in lines)
    assert sum(1 for s in term.lines if s.startswith("> ")) > 10
    # A command between the moves answers in a line; a card out of turn changes nothing.
    scores = lambda: sum(1 for s in said(term) if s.startswith("Scores"))  # noqa: E731
    before = scores()
    term.type("score")  # the answer may come before or after a line of the table's
    drive(ann, term, lambda: scores() > before, play=False)
    term.type("quit")
    thread.join(10)
    assert status == [0]
    assert said(term)[-1].startswith("You leave the table; your seat waits: thousand join ")
    assert all(clean(s) and "\x1b" not in s for s in term.lines)
    ann.close()


@pytest.mark.long
def test_a_person_away_is_said_then_the_ai_playing_for_them(base: Path) -> None:
    ann = opened(base, "Ann", people=[0, 1], timeout=1.0)
    term, thread, status = seat_by_lines(base, ann.mirror.code)
    drive(ann, term, lambda: any(s.startswith("Deal 1,") for s in said(term)))
    ann.close()
    drive(ann, term, lambda: "Ann left the table; the seat waits." in said(term), play=False)
    drive(ann, term, lambda: "An AI plays for Ann until they are back." in said(term))
    term.type("quit")
    thread.join(10)
    assert status == [0]
    assert all(clean(s) for s in term.lines)


@pytest.mark.long
def test_the_move_clock_is_said_and_warns(base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(line_shared, "WARN_AT", 29)
    ann = opened(base, "Ann", people=[0, 1], clock=30.0)
    term, thread, _ = seat_by_lines(base, ann.mirror.code, lang="ru")
    drive(ann, term, lambda: any(PROMPT.match(s) for s in said(term)), play=False, timeout=20)
    warning = say("ru", "line_shared_clock_warn", seconds=29)
    drive(ann, term, lambda: warning in said(term), play=False)
    lines = said(term)
    assert PROMPT.match(lines[-3]) and lines[-2] == say("ru", "line_shared_clock", seconds=30)
    assert lines[-1] == warning
    term.type("10")  # a card out of the question: one line says why, nothing changes
    drive(ann, term, lambda: said(term)[-1] != warning, play=False)
    term.type("quit")
    thread.join(10)
    assert all(clean(s) for s in term.lines)
    ann.close()


def test_the_club_database_gone_and_back_is_said_once_each_and_play_goes_on(
    base: Path,
    service: Service,  # noqa: F811
) -> None:
    club = ClubDatabase()
    service.directory = club  # type: ignore[assignment]
    ann = opened(base, "Ann", people=[0, 1])
    term, thread, status = seat_by_lines(base, ann.mirror.code)
    drive(ann, term, lambda: any(PROMPT.match(s) for s in said(term)))
    t = Translator("en")
    gone, back = t("shared_club_down"), t("shared_club_back")
    club.down = True
    drive(ann, term, lambda: gone in said(term))
    moves = ann.moves  # the game goes on meanwhile
    drive(ann, term, lambda: ann.moves > moves + 2)
    club.down = False
    drive(ann, term, lambda: back in said(term))
    moves = ann.moves
    drive(ann, term, lambda: ann.moves > moves + 2)
    assert (said(term).count(gone), said(term).count(back)) == (1, 1)
    term.type("quit")
    thread.join(10)
    assert status == [0]
    assert all(clean(s) for s in term.lines)
    ann.close()


@pytest.mark.long
def test_thousand_plain_join_plays_by_lines_and_is_remembered(base: Path, tmp_path: Path) -> None:
    ann = opened(base, "Ann", people=[0, 1], timeout=30.0)
    code = ann.mirror.code
    env = {
        **os.environ,
        "THOUSAND_DATA_DIR": str(base),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "LANG": "C.UTF-8",
    }

    def thousand(*args: str, typed: str) -> list[str]:
        done = subprocess.run(
            [sys.executable, "-m", "thousand_tui", *args],
            input=typed,
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert "\x1b" not in done.stdout
        return done.stdout.splitlines()

    said = thousand("--plain", "join", code, "--name", "Lena", typed="say hi all\nquit\n")
    assert said[0] == f"You sit at table {code}, seat 2."
    assert said[-1] == f"You leave the table; your seat waits: thousand join {code}"
    told = lambda: [m for m in ann.told if isinstance(m, ChatLine)]  # noqa: E731
    drive(ann, Terminal(), lambda: bool(told()), play=False)
    assert told()[0].text == "hi all" and told()[0].name == "Lena"
    # Remembered: `thousand join CODE` alone sits there by lines again.
    again = thousand("join", code, "--name", "Lena", typed="quit\n")
    assert again[0] == f"You sit at table {code}, seat 2."
    ann.close()


@pytest.mark.long
def test_the_opener_by_lines_starts_the_table_with_ai_in_the_free_seats(base: Path) -> None:
    from thousand_tui.cli import build_parser, open_setup

    setup = open_setup(build_parser("open").parse_args(["open", "--private", "--name", "Olga"]))
    term = Terminal()
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(line.run_open(setup, term, term)))
    thread.start()
    wait_for(
        "the table open",
        lambda: any(s.startswith("At the table:") for s in said(term)),
        timeout=WAIT,
        shown=lambda: term.lines,
    )
    code = said(term)[0].split()[1]
    assert said(term)[0].startswith(f"Table {code} is open. Friends join it with: thousand join")
    assert "At the table: Olga, a free seat, a free seat." in said(term)
    term.type("hand")  # before the game: what there is to do
    term.type("start")
    wait_for(
        "the game to begin",
        lambda: any(s.startswith("The game begins.") for s in said(term)),
        timeout=WAIT,
        shown=lambda: term.lines,
    )
    assert any(s.startswith("The game has not begun yet: ") for s in said(term))
    term.type("quit")
    thread.join(10)
    assert status == [0] and all(clean(s) for s in term.lines)


@pytest.mark.long
async def test_a_table_joined_from_the_start_screen_with_the_line_mode_on_is_played_by_lines(
    base: Path,
) -> None:
    from textual.widgets import Input

    from tests.tui.test_start import go_to
    from thousand_tui.tui import create_app
    from thousand_tui.tui.startup import SharedChoice, StartOffer

    ann = opened(base, "Ann", people=[0, 1])
    line.remember(True)
    app = create_app(TableSetup(pace=0, name="Lena"), start=StartOffer.shipped())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "join-table")
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#code-input", Input).value = ann.mirror.code
        await pilot.press("enter")
        await pilot.pause()
        assert app.shared is None  # no full table: the app ends
    chosen = app.plain_next
    assert isinstance(chosen, SharedChoice) and chosen.kind == "join"
    term = Terminal()
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(line.play_chosen(chosen, term, term)))
    thread.start()
    drive(ann, term, lambda: any(s.startswith("Deal 1,") for s in said(term)))
    assert said(term)[0] == f"You sit at table {ann.mirror.code}, seat 2."
    term.type("quit")
    thread.join(10)
    assert status == [0]
    ann.close()


@pytest.mark.long
def test_a_lost_connection_is_said_and_the_seat_taken_again(base: Path) -> None:
    import os
    import signal

    from tests.tables.helpers import service_pid

    ann = opened(base, "Ann", people=[0, 1], timeout=30.0)
    term = Terminal()
    status: list[int] = []
    setup = JoinSetup(TableSetup(lang="en", name="Lena"), ann.mirror.code, None, "key-lena")
    thread = threading.Thread(target=lambda: status.append(line.run_join(setup, term, term)))
    thread.start()
    drive(ann, term, lambda: any(s.startswith("Deal 1,") for s in said(term)))
    pid = service_pid(base)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    # Ann's connection went with the service: her seat, scripted here, is not pumped again
    # (a move of hers would meet the broken pipe); the person's is what is tested.
    lost = say("en", "line_shared_rejoining")
    drive(ann, term, lambda: lost in said(term), play=False, pump=False)
    # A new service opens the table from its record, and the seat is taken again.
    drive(ann, term, lambda: "Back at the table." in said(term), play=False, pump=False)
    assert service_pid(base) not in (None, pid)
    term.type("quit")
    thread.join(10)
    assert status == [0]
    assert said(term)[-1].startswith("You leave the table; your seat waits: ")
    ann.close()


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_whose_turn_it_is_is_said_when_another_seat_takes_a_while(base: Path, lang: str) -> None:
    """A person (Ann, who holds her decision) and an AI (at a table whose pace makes each of
    its moves last over a second) are each said to be thinking, once a decision; the prompt
    follows when the turn comes back."""
    ann = opened(base, "Ann", people=[0, 1], pace=1.5)
    ann.hold = True
    term, thread, status = seat_by_lines(base, ann.mirror.code, lang)
    thinking = say(lang, "line_thinking", name="Ann")
    drive(ann, term, lambda: thinking in said(term))
    # Said once, while she goes on thinking: a command answered meanwhile, no second line.
    term.type("score" if lang == "en" else "счёт")
    told = lambda: sum(1 for s in said(term) if s.startswith(("Scores", "Счёт")))  # noqa: E731
    drive(ann, term, lambda: told() > 0, play=False)
    assert said(term).count(thinking) == 1
    ann.hold = False
    # The AI's name as this seat says it: "The game begins. Players: Ann, Lena, Boris."
    ai = next(s for s in said(term) if "Ann, Lena, " in s).split("Ann, Lena, ")[1].rstrip(".")
    ai_thinking = say(lang, "line_thinking", name=ai)
    drive(ann, term, lambda: ai_thinking in said(term))
    # The turn comes to the player again: his prompt, after the others' thinking.
    after = lambda: said(term)[said(term).index(ai_thinking) + 1 :]  # noqa: E731
    drive(ann, term, lambda: any(PROMPT.match(s) for s in after()))
    lines = said(term)
    assert not any(a == b == thinking for a, b in itertools.pairwise(lines))
    term.type("quit")
    thread.join(10)
    assert status == [0]
    assert all(clean(s) for s in term.lines)
    ann.close()
