"""The club by lines, through the real table service and the line mode's input and output:
the lobby (its list, a table joined from it and back, bad input), watching a table (only what
every player sees, as lines; chat as data), a shared game's end (again with the same people),
in English and Russian; `thousand lobby --plain` and `thousand watch CODE --plain` as
commands; and the SSH setting that makes plain `ssh HOST` the line mode."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.waiting import wait_for
from tests.line import test_shared_line
from tests.line.test_line_mode import ROOT, clean, codes
from tests.line.test_shared_line import PROMPT, Terminal, drive, said
from tests.tables.helpers import Seat, opened
from tests.tables.test_again import short_rules
from thousand_tui import line
from thousand_tui.engine.actions import Act
from thousand_tui.line.shared import LineSeat
from thousand_tui.line.texts import command_words, say
from thousand_tui.presets import shipped_names
from thousand_tui.settings import JoinSetup, LobbySetup, TableSetup
from thousand_tui.tables.wire import AgainRequest
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.shared.sit import joined

base = test_shared_line.base  # a data folder with a short path, for the service's socket


def lobby_by_lines(
    lang: str = "en", name: str = "Lena"
) -> tuple[Terminal, threading.Thread, list[int]]:
    term = Terminal()
    status: list[int] = []
    presets = {preset: preset for preset in shipped_names()}
    setup = LobbySetup(TableSetup(lang=lang, name=name, pace=0.0), presets)

    def play() -> None:
        status.append(line.run_lobby(setup, term, term))

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    return term, thread, status


def typed_then(ann: Seat, term: Terminal, text: str, expected: str, play: bool = False) -> None:
    """Type `text`; wait until a line said since begins with `expected`."""
    before = len(said(term))
    term.type(text)
    drive(ann, term, lambda: any(s.startswith(expected) for s in said(term)[before:]), play=play)


@pytest.mark.long
def test_the_lobby_by_lines_lists_a_table_sits_there_and_comes_back(base: Path) -> None:
    ann = opened(base, "Ann", people=[0, 1])
    code = ann.mirror.code
    term, thread, status = lobby_by_lines()
    prompt = say("en", "line_lobby_prompt")
    drive(ann, term, lambda: prompt in said(term), play=False)
    lines = said(term)
    assert lines[0] == say("en", "line_lobby_welcome")
    table = f"1: table {code}, Classic, seated 1 of 3 +1 AI, free 1; join 1."
    assert table in lines and "No game is in play." in lines
    # Bad input: one line that says why and what is legal, then nothing else is said.
    before = len(said(term))
    term.type("frobnicate now")
    unknown = f"Unknown: frobnicate now. {prompt} Type help for the commands."
    drive(ann, term, lambda: unknown in said(term), play=False)
    typed_then(ann, term, "join", "join needs a number from the list or a table's code")
    typed_then(ann, term, "join 7", "7 is neither a number in the list nor a table's code")
    typed_then(ann, term, "open nothing", "nothing is not offered here. Presets: classic (Classic)")
    typed_then(ann, term, "help", "list: the tables waiting for players and those in play.")
    # The line that said why said what is legal: the prompt is not said again after it.
    assert said(term)[before] == unknown
    assert said(term)[before + 1].startswith("join needs")
    # Sit at the table by its number, play, leave: the seat waits; back in the lobby.
    typed_then(ann, term, "join 1", f"You sit at table {code}, seat 2.")
    drive(ann, term, lambda: any(s.startswith("Deal 1,") for s in said(term)))
    typed_then(ann, term, "quit", "Back in the lobby.")
    assert f"You leave the table; your seat waits: thousand join {code}" in said(term)
    drive(ann, term, lambda: said(term)[-1] == prompt, play=False)
    assert f"1: table {code}, Classic, in play; watch 1." in said(term)
    term.type("quit")
    thread.join(10)
    assert status == [0] and said(term)[-1] == "Goodbye."
    assert all(clean(s) for s in term.lines)
    ann.close()


@pytest.mark.long
def test_watching_by_lines_from_the_russian_lobby_says_only_what_everyone_sees(
    base: Path,
) -> None:
    ann = opened(base, "Ann", people=[0])  # Ann and AI: the game begins at once
    code = ann.mirror.code
    drive(ann, Terminal(), lambda: ann.mirror.started, play=False)
    term, thread, status = lobby_by_lines("ru")
    prompt = say("ru", "line_lobby_prompt")
    assert (
        prompt == "Лобби: список, открыть, подбор, сесть, смотреть, день, турниры, помощь, выход."
    )
    drive(ann, term, lambda: prompt in said(term), play=False)
    assert f"1: стол {code}, Классика, идёт игра; смотреть 1." in said(term)
    typed_then(ann, term, "смотреть 1", f"Вы смотрите стол {code}:")
    drive(ann, term, lambda: any(re.match(r"^Взятка \d+: ", s) for s in said(term)))
    ann.hold = True  # the game waits for Ann from here on
    # The hand and the decisions are the players': one line says so and what a watcher types
    # (the table lets watchers read its chat, not write in it).
    legal = say("ru", "line_watch_help", say="")
    typed_then(ann, term, "рука", say("ru", "line_watch_no", legal=legal))
    typed_then(ann, term, "10ч", say("ru", "line_watch_no", legal=legal))
    typed_then(ann, term, "абракадабра", f"Непонятно: абракадабра. {legal}")
    typed_then(ann, term, "счёт", "Счёт: Ann ")
    # The chat reaches the watcher as data: no markup read, no escape written.
    ann.client.chat("[bold]hi[/bold] \x1b[31mall\x1b[0m")
    drive(ann, term, lambda: any(" says: " in s or "говорит" in s for s in said(term)))
    assert not any("\x1b" in s for s in term.lines)
    assert not any(
        s.startswith(("Рука,", "Ваша ставка", "Ваш ход", "Ваша карта")) for s in said(term)
    )
    typed_then(ann, term, "выход", f"Вы больше не смотрите стол {code}.")
    drive(ann, term, lambda: said(term)[-1] == prompt, play=False)
    assert "Вы снова в лобби." in said(term)
    term.type("выход")
    thread.join(10)
    assert status == [0] and said(term)[-1] == "До свидания."
    assert all(clean(s) for s in term.lines)
    ann.close()


def typing(seat: LineSeat, term: Terminal, lang: str) -> str | None:
    """What a person at `seat` types at its last prompt, in `lang`, from the seat's own view:
    pass, play, the first choice, the first legal card by its short code."""
    lines = said(term)
    if not lines or not PROMPT.match(lines[-1]) or not seat.shared.mirror.my_turn:
        return None
    if lines[-1].endswith((".Type a number.", "Type a number.", "Наберите номер.")):
        return "1"
    legal = seat.shared.mirror.legal
    acts = {action.act for action in legal}
    if Act.PASS in acts:
        return command_words(lang, "pass")[0]
    if any(a.act is Act.RAISE and a.value is None for a in legal):
        return command_words(lang, "play")[0]
    cards = [a.card for a in legal if a.card is not None]
    return codes(lang)(cards[0]) if cards else "1"


def play_by_lines(
    ann: Seat, seat: LineSeat, term: Terminal, lang: str, done: Callable[[], bool]
) -> None:
    """Ann's script and the person by lines play until `done()`."""
    answered = -1

    def step() -> bool:
        nonlocal answered
        if done():
            return True
        ann.pump()
        lines = term.lines
        if len(lines) != answered:
            typed = typing(seat, term, lang)
            if typed is not None:
                answered = len(lines) + 1
                term.type(typed)
        return False

    wait_for(
        "the game to get there",
        step,
        timeout=120,
        every=0.02,
        shown=lambda: "\n".join(term.lines[-15:]),
    )


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_shared_game_over_by_lines_offers_again_and_begins_anew(base: Path, lang: str) -> None:
    ann = opened(base, "Ann", people=[0, 1], rules=short_rules())
    term = Terminal()
    setup = JoinSetup(TableSetup(lang=lang, name="Lena"), ann.mirror.code, None, None)
    seat = LineSeat(setup.table, joined(setup), term, term)
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(seat.run()), daemon=True)
    thread.start()
    offer = say(lang, "line_again_prompt")
    play_by_lines(ann, seat, term, lang, lambda: offer in said(term))
    over = said(term).index(offer)
    assert said(term)[over - 1].startswith(("Game over. Final scores: ", "Игра окончена. Итог: "))
    t = Translator(lang)
    words = {
        "en": ("again", "xyzzy", "Unknown: xyzzy. "),
        "ru": ("ещё", "чепуха", "Непонятно: чепуха. "),
    }
    again, nonsense, unknown = words[lang]
    typed_then(ann, term, nonsense, unknown + offer)
    waiting = t("shared_again_some", agreed=t("shared_seat_you", name="Lena"), waiting="Ann")
    typed_then(ann, term, again, waiting)
    drive(ann, term, lambda: ann.mirror.again == (1,), play=False)
    ann.client.send(AgainRequest())
    typed = len(said(term))
    begins = t("shared_again_begins")
    drive(ann, term, lambda: begins in said(term)[typed:], play=False)
    new_deal = ("Deal 1,", "Кон 1,")
    drive(ann, term, lambda: any(s.startswith(new_deal) for s in said(term)[typed:]), play=False)
    term.type(command_words(lang, "quit")[0])
    thread.join(10)
    assert status == [0]
    assert all(clean(s) for s in term.lines)
    ann.close()


def thousand(folder: Path, config: Path, *args: str, typed: str) -> list[str]:
    env = {
        **os.environ,
        "THOUSAND_DATA_DIR": str(folder),
        "XDG_CONFIG_HOME": str(config),
        "LANG": "C.UTF-8",
    }
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
    assert "\x1b" not in done.stdout and all(clean(s) for s in done.stdout.splitlines())
    return done.stdout.splitlines()


@pytest.mark.long
def test_thousand_watch_and_lobby_plain_are_commands(base: Path, tmp_path: Path) -> None:
    ann = opened(base, "Ann", people=[0, 1], timeout=30.0)
    code = ann.mirror.code
    config = tmp_path / "config"
    watched = thousand(
        base, config, "watch", code, "--plain", "--name", "Vera", typed="hand\nquit\n"
    )
    assert watched[0].startswith(f"You watch table {code}: you see what every player sees")
    assert watched[-1] == f"You stop watching table {code}."
    lobby = thousand(base, config, "--plain", "lobby", "--lang", "ru", typed="справка\nвыход\n")
    assert lobby[0] == say("ru", "line_lobby_welcome")
    assert say("ru", "line_lobby_help") in lobby and lobby[-1] == "До свидания."
    ann.close()


def test_ssh_plain_on_makes_the_line_mode_the_players_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from thousand_tui import ssh
    from thousand_tui.options import SessionFlags
    from thousand_tui.priority import Host
    from thousand_tui.settings import plain_preferred

    seen: list[list[str]] = []

    def launch(argv: list[str], host: Host) -> int:
        seen.append(argv)
        return 0

    account = Host(data=tmp_path)
    options = SessionFlags(server="cards.example.org", player="olga")
    folder = tmp_path / "players" / "olga"

    def asked(words: str) -> int:
        env = {ssh.ORIGINAL_COMMAND: words, "USER": "cards"}
        return ssh.run_ssh_session(options, account, env, launch)

    # The club by lines once: `plain` beside lobby, watch, daily (no terminal is needed).
    assert asked("lobby plain") == 0 and "--plain" in seen[-1] and seen[-1][0] == "lobby"
    assert asked("plain watch K7QM2P") == 0 and seen[-1][:3] == ["watch", "K7QM2P", "--plain"]
    assert plain_preferred(folder)  # remembered, as `thousand --plain` is
    assert asked("plain off") == 0
    assert "the full table is your setting from now on" in capsys.readouterr().out
    assert not plain_preferred(folder)
    assert asked("lobby") == 2  # the full lobby needs a terminal
    # The setting: every plain request plays by lines from then on, in his folder only.
    assert asked("plain on") == 0
    assert "the line mode is your setting from now on" in capsys.readouterr().out
    count = len(seen)
    for words, first in [
        ("", "play"),
        ("lobby", "lobby"),
        ("daily", "daily"),
        ("watch K7QM2P", "watch"),
    ]:
        assert asked(words) == 0, words
        assert seen[-1][0] == first and "--plain" in seen[-1], seen[-1]
    assert len(seen) == count + 4
    assert (folder / "start.json").is_file() and not (tmp_path / "start.json").exists()


async def test_the_lobby_chosen_on_the_start_screen_with_the_line_mode_on_is_by_lines(
    base: Path,
) -> None:
    from tests.tui.test_start import go_to
    from thousand_tui.tui import create_app
    from thousand_tui.tui.startup import SharedChoice, StartOffer

    line.remember(True)
    app = create_app(TableSetup(pace=0, name="Lena", lang="ru"), start=StartOffer.shipped("ru"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "lobby")
        await pilot.press("enter")
        await pilot.pause()
        assert app.lobby is None  # no full lobby: the app ends
    chosen = app.plain_next
    assert isinstance(chosen, SharedChoice) and chosen.kind == "lobby"
    term = Terminal()
    term.type("выход")
    assert line.play_chosen(chosen, term, term) == 0
    assert said(term)[0] == say("ru", "line_lobby_welcome")
    assert said(term)[-1] == "До свидания."


@pytest.mark.long
def test_a_watcher_by_lines_hears_the_game_to_its_end_then_leaves(base: Path) -> None:
    ann = opened(base, "Ann", people=[0], rules=short_rules())
    code = ann.mirror.code
    term = Terminal()
    status: list[int] = []
    setup = JoinSetup(TableSetup(lang="en", name="Vera"), code, None, None)
    thread = threading.Thread(target=lambda: status.append(line.run_watch(setup, term, term)))
    thread.start()
    # Ann plays only once the watcher sits: the first deal cannot end before it (however
    # slowly its connection comes), so its points are heard.
    wait_for("the watcher to sit", lambda: said(term), timeout=60)
    over = say("en", "line_watch_over")
    drive(ann, term, lambda: over in said(term), play=False, timeout=120)
    thread.join(10)
    assert status == [0] and said(term)[-1] == over
    assert said(term)[-2].startswith("Game over. Final scores: Ann ")
    assert said(term)[0].startswith(f"You watch table {code}: ")
    # a deal's points (the first deal may be dealt again, and say no points)
    assert any(re.match(r"Deal \d+: ", s) for s in said(term)), said(term)
    assert not any(s.startswith(("Hand,", "Your ")) for s in said(term))
    assert all(clean(s) for s in term.lines)
    ann.close()


@pytest.mark.long
@pytest.mark.parametrize("rule", ["chat", "read"])
def test_a_watcher_by_lines_writes_in_the_chat_only_where_the_opener_lets_watchers(
    base: Path, rule: str
) -> None:
    from thousand_tui.tables.wire import ChatLine

    ann = opened(base, "Ann", people=[0, 1], watchers=rule)
    term = Terminal()
    setup = JoinSetup(TableSetup(lang="en", name="Vera"), ann.mirror.code, None, None)
    thread = threading.Thread(target=lambda: line.run_watch(setup, term, term), daemon=True)
    thread.start()
    drive(ann, term, lambda: any(s.startswith("You watch table") for s in said(term)), play=False)
    help_words = say(
        "en", "line_watch_help", say=say("en", "line_watch_say") if rule == "chat" else ""
    )
    typed_then(ann, term, "help", help_words)
    term.type("say hello\x1b[2J")
    if rule == "chat":
        heard = lambda: [m for m in ann.told if isinstance(m, ChatLine) and m.watcher]  # noqa: E731
        drive(ann, term, lambda: bool(heard()), play=False)
        assert heard()[0].name == "Vera" and "\x1b" not in heard()[0].text
    else:
        refused = say("en", "line_watch_no_chat", legal=help_words)
        drive(ann, term, lambda: refused in said(term), play=False)
    term.type("quit")
    thread.join(10)
    assert all(clean(s) for s in said(term))  # what the game wrote; the test typed ESC
    ann.close()
