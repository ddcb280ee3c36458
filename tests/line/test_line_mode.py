"""The line mode (`thousand --plain`) driven through its standard input and output: a game
typed line by line against the AI, every kind of prompt in English and Russian, bad input
that changes nothing, and no line with an escape sequence or a control character."""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from tests.engine.helpers import SWEEP_GIVE, SWEEP_HANDS, SWEEP_TALON, SWEEP_TRICKS, state
from tests.line.stacked import stacked
from tests.line.typist import Typist
from thousand_tui import line
from thousand_tui.ai.base import Player
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import Card, parse_card
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Start
from thousand_tui.engine.view import SeatView
from thousand_tui.line.cards import CardNames
from thousand_tui.line.play import LineTable
from thousand_tui.line.texts import SUIT_KEYS, card_words, word
from thousand_tui.options import TableFlags
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import setup_from_options
from thousand_tui.tui.i18n import rank_label
from thousand_tui.tui.session import new_session

ROOT = Path(__file__).resolve().parents[2]
SHORT_GAME = "extends: classic\ntarget: 300\nbarrel:\n  threshold: 200\n"


def short_preset(tmp_path: Path) -> str:
    path = tmp_path / "short.yaml"
    path.write_text(SHORT_GAME, encoding="utf-8")
    return str(path)


def spoken(lines: list[str]) -> list[str]:
    """What the game wrote (the typist's own lines left out)."""
    return [text for text in lines if not text.startswith("> ")]


def clean(text: str) -> bool:
    """No escape sequence, no control or format character."""
    return not any(unicodedata.category(char) in ("Cc", "Cf") for char in text)


def reader(lines: list[str]) -> str:
    """Answers an English prompt from what it says, as a person would: passes every bid,
    plays the contract, takes the first choice, the first card the prompt names, or asks
    for the hand when any card will do and plays its first."""
    last = spoken(lines)[-1]
    if last.startswith("Your bid"):
        return "pass"
    if last.startswith("Your contract"):
        return "play"
    if last.endswith("Type a number."):
        return "1"
    if last.startswith("Hand,"):
        found = re.search(r": (\w+) (\w+)", last)
        assert found is not None, last
        return f"{found.group(2)} of {found.group(1)}"
    if "any" in last and (last.startswith(("Your lead", "Give", "Put aside"))):
        return "hand"
    if last.startswith(("Your card", "Your lead")):
        return last.rsplit(": ", 1)[1].split(", ")[0].rstrip(".")
    raise AssertionError(f"no prompt to answer: {last!r}")


def test_a_whole_game_typed_against_the_ai_then_quit_and_resumed(
    tmp_path: Path, host: Host
) -> None:
    preset = short_preset(tmp_path)
    flags = TableFlags(preset=preset, seed=11, lang="en", ai="easy,easy", host=host)

    def until_second_deal(lines: list[str]) -> str:
        if any(text.startswith("Deal 2,") for text in spoken(lines)):
            return "quit"
        return reader(lines)

    first = Typist(until_second_deal)
    assert line.run(flags, stdin=first, stdout=first) == 0
    said = spoken(first.lines)
    welcome = "Thousand, line mode. 3 players: You, Anna, Boris. Type help for the commands."
    assert said[0] == welcome
    assert said[-1] == "Saved. To go on later: thousand --plain --resume"
    assert any(text.startswith("Deal 1: You ") for text in said)  # the deal's points
    assert any(text.startswith("Scores: You ") for text in said)
    records = list((tmp_path / "data").rglob("*.jsonl"))
    assert len(records) == 1

    again = Typist(reader)
    resumed = TableFlags(resume="latest", host=host)
    assert line.run(resumed, stdin=again, stdout=again) == 0
    said = spoken(again.lines)
    assert "Game resumed at deal 2." in said
    assert said[-1].startswith("Game over. Final scores: You ")
    assert any(text.startswith("Winner: ") for text in said)
    assert all(clean(text) for text in first.lines + again.lines)


def codes(lang: str) -> Callable[[Card], str]:
    """A card's short code as a player of `lang` types it: «10ч», «дп»."""

    def code(card: Card) -> str:
        rank = "10" if card.code[0] == "T" else rank_label(card, lang).casefold()
        return rank + word(lang, SUIT_KEYS[card.suit]).split(",")[0]

    return code


class Bot:
    """Types, in `lang`, a legal answer to each prompt from the table's own view: bids the
    lowest bid, takes every offer's first answer, plays a king or queen first (to be asked
    about marriages); records each prompt by what it asked."""

    def __init__(self, lang: str, stop: int = 400) -> None:
        self.lang = lang
        self.code = codes(lang)
        self.table: LineTable | None = None
        self.prompts: dict[str, str] = {}
        self.stop = stop
        self.turns = 0

    def __call__(self, lines: list[str]) -> str | None:
        table = self.table
        assert table is not None
        self.turns += 1
        if self.turns > self.stop:
            return None
        view = table.controller.view()
        last = spoken(lines)[-1]
        if table.choices is not None:
            self.prompts["marriage"] = last
            return "1"
        kind = view.phase.value
        self.prompts.setdefault(kind, last)
        legal = view.legal
        if view.phase is Phase.AUCTION:
            bids = sorted(a.value for a in legal if a.act is Act.BID and a.value is not None)
            return str(bids[0]) if bids and view.high_bid is None else "pass"
        if view.phase in (Phase.CONTRACT, Phase.RAISE):
            return "play" if self.lang == "en" else "играю"
        cards = [a.card for a in legal if a.card is not None]
        if cards:
            best = sorted(cards, key=lambda c: c.rank.name not in ("KING", "QUEEN"))[0]
            return self.code(best)
        return "1"


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_kind_of_prompt_is_asked_and_answered(tmp_path: Path, lang: str, host: Host) -> None:
    seen: dict[str, str] = {}
    words = {
        "en": {"auction": "Your bid", "contract": "Your contract", "give": "Give ",
               "play": "Your ", "dark": "Play in the dark", "talon": "Which talon",
               "marriage": "Marriage"},
        "ru": {"auction": "Ваша ставка", "contract": "Ваш заказ", "give": "Отдайте",
               "play": "Ваш", "dark": "Играть втёмную", "talon": "Какой прикуп",
               "marriage": "Марьяж"},
    }[lang]  # fmt: skip
    games = (("classic", 1), ("classic", 2), ("family", 3), ("two-player", 4), ("four-player", 5))
    for preset, seed in games:
        flags = TableFlags(preset=preset, seed=seed, lang=lang, ai="easy", host=host)
        setup = setup_from_options(flags)
        session = new_session(setup)
        bot = Bot(lang, stop=150)
        typist = Typist(bot)
        table = LineTable(setup, session, typist, typist)
        bot.table = table
        assert table.run() == 0
        for kind, prompt in bot.prompts.items():
            seen.setdefault(kind, prompt)
        assert all(clean(text) for text in typist.lines)
        refused = [t for t in spoken(typist.lines) if t.startswith(("Unknown", "Непонятно"))]
        assert not refused  # every answer typed was understood
    for kind, start in words.items():
        assert kind in seen, f"no {kind} prompt was asked"
        assert seen[kind].startswith(start) or start in seen[kind], (kind, seen[kind])
    if lang == "ru":
        assert all(re.search("[а-я]", prompt) for prompt in seen.values()), seen


def table_at_play(tmp_path: Path, lang: str = "en", *, host: Host) -> tuple[LineTable, io.StringIO]:
    """A game of seed 5 at the player's first card (every bid passed)."""
    flags = TableFlags(preset="classic", seed=5, lang=lang, ai="easy", host=host)
    setup = setup_from_options(flags)
    out = io.StringIO()
    table = LineTable(setup, new_session(setup), io.StringIO(), out)
    table.begin()
    while table.game.to_move != 0 or table.controller.view().phase is not Phase.PLAY:
        if table.game.to_move == 0:
            view = table.controller.view()
            (passing,) = [a for a in view.legal if a.act is Act.PASS]
            table.take([passing])
        else:
            seat = table.game.to_move
            assert seat is not None
            table.ai(seat)
    table.hand_told = (1, frozenset(table.controller.view().hand or ()))  # told at his bid
    return table, out


def test_an_illegal_card_and_an_unknown_command_change_nothing(tmp_path: Path, host: Host) -> None:
    table, out = table_at_play(tmp_path, host=host)
    view = table.controller.view()
    hand = view.hand or ()
    legal = {a.card for a in view.legal}
    illegal = [card for card in hand if card not in legal]
    assert illegal, "seed 5 makes the first card a follow"
    lines = len(out.getvalue().splitlines())
    turn, record = table.controller.turn, len(table.game.lines)
    code = codes("en")
    # xyzzy is not a card: one line; the illegal card: one line, naming what is legal.
    hostile = "\x1b[2J\x1b]0;owned\x07" + "x" * 100_000
    table.stdin = io.StringIO(f"xyzzy\n{code(illegal[0])}\n{hostile}\n")
    with pytest.raises(line.play.Quit):
        table.human()
    new = out.getvalue().splitlines()[lines:]
    assert new[0].startswith("Your card, trick 1")  # the prompt
    assert new[1].startswith("xyzzy is not a card. Legal: ")
    assert "you must follow suit" in new[2] and "Legal: " in new[2], new[2]
    # An escape sequence typed is said harmless, shortened: one line, read to its end.
    assert new[3].startswith("\ufffd[2J\ufffd]0;owned\ufffdxxx") and "is not a card" in new[3]
    assert len(new[3]) < 300 and all(clean(text) for text in new)
    assert len(new) == 4
    assert table.controller.turn == turn and len(table.game.lines) == record
    assert table.game.to_move == 0


def test_an_unknown_word_at_a_bid_says_what_is_legal(tmp_path: Path, host: Host) -> None:
    flags = TableFlags(preset="classic", seed=5, lang="ru", ai="easy", host=host)
    setup = setup_from_options(flags)
    out = io.StringIO()
    table = LineTable(setup, new_session(setup), io.StringIO("абв\n999\n"), out)
    table.begin()
    while table.game.to_move != 0:
        seat = table.game.to_move
        assert seat is not None
        table.ai(seat)
    turn = table.controller.turn
    with pytest.raises(line.play.Quit):
        table.human()
    said = out.getvalue().splitlines()
    assert said[-2].startswith("Непонятно: абв. Ваша ставка")
    assert said[-1].startswith("999 — недопустимая ставка. Ваша ставка")
    assert table.controller.turn == turn


def test_the_commands_answer_in_a_line_that_begins_with_what_matters(
    tmp_path: Path, host: Host
) -> None:
    table, out = table_at_play(tmp_path, host=host)
    before = len(out.getvalue().splitlines())
    table.stdin = io.StringIO("hand\ntable\nscore\nsheet\nlast\ntalon\nundo\nhelp\n")
    with pytest.raises(line.play.Quit):
        table.human()
    said = out.getvalue().splitlines()[before + 1 :]
    assert said[0].startswith("Hand, 8 cards: ")
    assert said[1].startswith("Trick 1: ") and "Deal 1, dealer " in said[1]
    assert said[2].startswith("Scores: You 0, Anna 0, Boris 0")
    assert said[3] == "No deal scored yet."
    assert said[4] == "No trick taken yet in this deal."
    assert said[5].startswith("Talon: ")
    assert said[6] == "Take-back is off: start with --take-back to allow it."
    assert said[7].startswith("A card: its name or code")


class Slow(Player):
    """Decides the first legal move, after a while; or fails, where told to."""

    level = "easy"

    def __init__(self, wait: float, fail: bool = False) -> None:
        super().__init__()
        self.wait, self.fail = wait, fail

    def decide(self, view: SeatView) -> Action:
        time.sleep(self.wait)
        if self.fail:
            raise RuntimeError("no idea")
        return view.legal[0]


@pytest.mark.parametrize("fail", [False, True])
def test_an_opponent_thinking_or_failing_is_said(tmp_path: Path, fail: bool, host: Host) -> None:
    flags = TableFlags(preset="classic", seed=5, lang="en", ai="easy", host=host)
    setup = setup_from_options(flags)
    session = new_session(setup)
    session.make_ai = lambda seat: Slow(0.3, fail)
    out = io.StringIO()
    table = LineTable(setup, session, io.StringIO("pass\n"), out, think_notice=0.05)
    table.begin()
    table.human()  # the player bids first: he passes
    seat = table.game.to_move
    assert seat is not None and seat != 0
    turn = table.controller.turn
    table.ai(seat)
    said = out.getvalue().splitlines()
    name = table.game.names[seat]
    assert f"{name} is thinking." in said
    failed = f"{name} could not decide; a legal move was made at random."
    assert (failed in said) is fail
    assert table.controller.turn == turn + 1  # the game went on either way


@pytest.mark.parametrize(
    ("lang", "typed", "name"),
    [
        ("en", ["10h", "th", "TH", "ten of hearts", "10 h"], "ten of hearts"),
        ("ru", ["10ч", "10 ч", "десятка червей", "10h"], "десятка червей"),
        ("uk", ["10ч", "десятка чирв"], "десятка чирв"),
        ("pl", ["10ki", "dziesiątka kier"], "dziesiątka kier"),
        ("cs", ["10sr", "desítka srdcí"], "desítka srdcí"),
    ],
)
def test_a_card_is_read_by_its_code_or_its_name(lang: str, typed: list[str], name: str) -> None:
    names = CardNames(lang)
    for text in typed:
        card = names.read(text)
        assert card is not None and card.code == "TH", text
    assert names.read("zz") is None
    assert card_words(parse_card("TH"), lang) == name


def run_cli(tmp_path: Path, args: list[str], typed: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "THOUSAND_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "LANG": "C.UTF-8",
    }
    return subprocess.run(
        [sys.executable, "-m", "thousand_tui", *args],
        input=typed,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.long
def test_thousand_plain_is_remembered_until_no_plain(tmp_path: Path) -> None:
    preset = short_preset(tmp_path)
    done = run_cli(tmp_path, ["--plain", "--preset", preset, "--seed", "3"], "hand\nquit\n")
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()
    assert said[0].startswith("Thousand, line mode.")
    assert said[-1] == "Saved. To go on later: thousand --plain --resume"
    assert "\x1b" not in done.stdout and all(clean(text) for text in said)
    kept = json.loads((tmp_path / "config" / "thousand_tui" / "start.json").read_text())
    assert kept["plain"] is True
    # `thousand` alone plays by lines now: the start screen's choices, with the game kept.
    again = run_cli(tmp_path, [], "quit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("Thousand, line mode.")
    back = run_cli(tmp_path, ["--no-plain"], "")
    assert back.returncode == 2  # the table needs a terminal: it says so
    assert "line mode" not in back.stdout
    kept = json.loads((tmp_path / "config" / "thousand_tui" / "start.json").read_text())
    assert kept["plain"] is False


def test_undo_takes_back_the_players_last_card_where_take_back_is_on(
    tmp_path: Path, host: Host
) -> None:
    flags = TableFlags(preset="classic", seed=5, lang="en", ai="easy", take_back=True, host=host)
    setup = setup_from_options(flags)
    out = io.StringIO()
    table = LineTable(setup, new_session(setup), io.StringIO("pass\n"), out)
    table.begin()
    while table.controller.view().phase is not Phase.PLAY or table.game.to_move != 0:
        seat = table.game.to_move
        assert seat is not None
        table.human() if seat == 0 else table.ai(seat)
    view = table.controller.view()
    card = next(a.card for a in view.legal if a.card is not None)
    table.stdin = io.StringIO(f"{codes('en')(card)}\nundo\n")
    table.human()  # the card played
    while table.game.to_move != 0:
        seat = table.game.to_move
        assert seat is not None
        table.ai(seat)
    assert card not in (table.controller.view().hand or ())
    table.human()  # undo: the game is another, asked again from the top
    said = out.getvalue().splitlines()
    assert f"Taken back: {card_words(card, 'en')}. Your turn again." in said
    assert card in (table.controller.view().hand or ())  # his again, and his turn
    assert table.game.to_move == 0


def test_a_hint_says_what_hard_would_do(tmp_path: Path, host: Host) -> None:
    flags = TableFlags(preset="classic", seed=5, lang="ru", ai="easy", think=0.05, host=host)
    setup = setup_from_options(flags)
    out = io.StringIO()
    table = LineTable(setup, new_session(setup), io.StringIO("подсказка\n"), out)
    table.begin()
    with pytest.raises(line.play.Quit):
        table.human()
    said = out.getvalue().splitlines()
    assert said[-2] == "Ищу подсказку."
    assert said[-1].startswith("Подсказка: "), said[-1]


def test_ssh_plain_plays_the_line_mode() -> None:
    from thousand_tui.ssh import HostConfig, parse_request, plan, usage

    config = HostConfig({"classic": "classic"}, "classic")
    request = parse_request("plain ru", ["classic"])
    assert request.plain and request.lang == "ru"
    argv = plan(config, request, {}).argv
    assert argv[:2] == ["play", "--plain"] and "--offer" in argv
    argv = plan(config, parse_request("classic plain", ["classic"]), {}).argv
    assert argv[:2] == ["play", "--plain"] and argv[argv.index("--preset") + 1] == "classic"
    assert "--plain" in plan(config, parse_request("resume plain", ["classic"]), {}).argv
    assert "--plain" not in plan(config, parse_request("classic", ["classic"]), {}).argv
    # At a shared table too: `thousand open|join ... --plain`.
    assert "--plain" in plan(config, parse_request("open classic plain", ["classic"]), {}).argv
    joined = plan(config, parse_request("join K7QM2P plain", ["classic"]), {}).argv
    assert joined[:2] == ["join", "K7QM2P"] and "--plain" in joined
    assert "`plain` plays by lines" in usage(config)
    assert "`plain` — игра строками" in usage(config, lang="ru")


def test_a_hosted_players_start_screen_game_by_lines(host: Host) -> None:
    """What `ssh HOST plain` runs: the host's whitelist, the player's name, ssh's words."""
    hosted = replace(host, hosted=True)
    flags = TableFlags(host=hosted, offer="family", name="Bob", lang="en", plain=True)
    out = io.StringIO()
    assert line.run(flags, stdin=io.StringIO("quit\n"), stdout=out) == 0
    said = out.getvalue().splitlines()
    assert said[0].startswith("Thousand, line mode. 3 players: Bob, ")
    assert said[-1] == "Saved. To go on later, ask for resume plain."


@pytest.mark.long
def test_a_terminal_without_unicode_gets_question_marks_not_a_crash(
    tmp_path: Path, host: Host
) -> None:
    flags = TableFlags(preset="classic", seed=5, lang="ru", ai="easy", host=host)
    setup = setup_from_options(flags)
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    table = LineTable(setup, new_session(setup), io.StringIO(), out)
    assert table.run() == 0
    out.flush()
    said = raw.getvalue().decode("ascii").splitlines()
    assert said[-1].startswith("?") and len(said) > 3


@pytest.mark.long
def test_auto_play_plays_the_only_card_and_says_so(tmp_path: Path, host: Host) -> None:
    flags = TableFlags(preset="classic", seed=1, lang="en", ai="easy", auto_play=True, host=host)
    setup = setup_from_options(flags)
    bot = Bot("en", stop=40)
    typist = Typist(bot)
    table = LineTable(setup, new_session(setup), typist, typist)
    bot.table = table
    assert table.run() == 0
    said = spoken(typist.lines)
    only = [text for text in said if text.startswith("Your only card: ")]
    assert only, "a deal's last card is the only one"
    after = said[said.index(only[0]) + 1]
    assert after == f"You: {only[0].removeprefix('Your only card: ')}"  # a sentence, as said


def test_ssh_plain_needs_no_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from thousand_tui import ssh
    from thousand_tui.options import SessionFlags
    from thousand_tui.priority import Host

    seen: list[list[str]] = []

    def launch(argv: list[str], host: Host) -> int:
        seen.append(argv)
        return 0

    account = Host(data=tmp_path)
    options = SessionFlags(server="cards.example.org")
    env = {ssh.ORIGINAL_COMMAND: "plain", "USER": "cards"}
    assert ssh.run_ssh_session(options, account, env, launch) == 0  # pytest's streams: no tty
    assert seen and seen[0][:2] == ["play", "--plain"]
    # `plain` is remembered, as `thousand --plain` is: the next request plays by lines too.
    env = {ssh.ORIGINAL_COMMAND: "classic", "USER": "cards"}
    assert ssh.run_ssh_session(options, account, env, launch) == 0
    assert seen[1][:2] == ["play", "--plain"]
    env = {ssh.ORIGINAL_COMMAND: "plain off", "USER": "cards"}
    assert ssh.run_ssh_session(options, account, env, launch) == 0
    assert "the full table is your setting from now on" in capsys.readouterr().out
    env = {ssh.ORIGINAL_COMMAND: "classic", "USER": "cards"}
    assert ssh.run_ssh_session(options, account, env, launch) == 2  # the table needs one
    assert "connect with ssh -t" in capsys.readouterr().err
    assert len(seen) == 2


SWEEP_STEPS = [
    *SWEEP_GIVE,
    *(
        f"{seat} play {code[:2]}" + (f" {code[1]}" if code.endswith("+") else "")
        for seat, code in zip(
            itertools.cycle((1, 2, 0)), SWEEP_TRICKS.replace("|", " ").split(), strict=False
        )
    ),
]
"""Anna (seat 1) declares at 100 and takes every trick, the hearts declared."""

BARREL_LINES = {
    "en": [
        "Anna made 100.",
        "You: palka.",
        "You: palki, −120.",
        "Boris: barrel, attempt 3 of 3.",
        "Anna: on the barrel.",
        "Boris: off the barrel (attempts used up), −120.",
        "Deal 1: You -120, Anna +90, Boris -120.",
        "Scores: You 180, Anna 880, Boris 760.",
    ],
    "ru": [
        "Анна: 100 сыграно.",
        "Вы: палка.",
        "Вы: палки, −120.",
        "Борис: бочка, попытка 3 из 3.",
        "Анна: на бочке.",
        "Борис: падение с бочки (попытки кончились), −120.",
        "Кон 1: Вы -120, Анна +90, Борис -120.",
        "Счёт: Вы 180, Анна 880, Борис 760.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_barrel_and_palki_are_said_in_lines(lang: str, host: Host) -> None:
    """A deal in which Anna climbs onto the barrel, Boris falls off it (his last attempt) and
    the player takes no trick (his third palka, fined): each said in a line of its own, and
    `score` says the barrel and the palki."""
    start = Start(state(scores=(300, 790, 880), palki=(2, 0, 0), barrel={2: 2}), 1)
    table = stacked(
        load_preset("classic"), SWEEP_HANDS, SWEEP_TALON, 0, SWEEP_STEPS, lang, host, start
    )
    table.play_to(lambda view: view.deal_number == 2)
    lines = table.lines()
    made = lines.index(BARREL_LINES[lang][0])
    assert lines[made : made + len(BARREL_LINES[lang])] == BARREL_LINES[lang]
    before = len(lines)
    with pytest.raises(line.play.Quit):  # the command answered, then the end of the input
        table.asked(["score" if lang == "en" else "счёт"])
    said = table.lines()[before:]
    scores = {
        "en": "Scores: You 180 (palki 3), Anna 880 (on the barrel 0 of 3), Boris 760.",
        "ru": "Счёт: Вы 180 (палок 3), Анна 880 (на бочке, попытка 0 из 3), Борис 760.",
    }[lang]
    assert scores in said


LAST = {
    "en": r"Last trick \(1\), won by (You|Anna|Boris), \d+ points: .+\.",
    "ru": r"Последняя взятка \(1\) — (Вы|Анна|Борис), очков \d+: .+\.",
}
KEYS = {
    "en": "Ranks: 9 10 j q k a. Suits: h d c s. Or a card's name in words.",
    "ru": "Достоинства: 9 10 в д к т. Масти: ч б т п. Или название карты словами.",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_card_played_the_last_trick_and_the_ranks_read_as_a_reader_expects(
    tmp_path: Path, lang: str, host: Host
) -> None:
    """A card played is a sentence ("Boris: ace of diamonds."), `last` says whose the trick
    is in words, and `help` counts the ranks 9 10 J Q K A."""
    table, out = table_at_play(tmp_path, lang, host=host)
    view = table.controller.view()
    card = next(a.card for a in view.legal if a.card is not None)
    table.stdin = io.StringIO(f"{codes(lang)(card)}\n")
    table.human()
    while table.game.to_move != 0:
        seat = table.game.to_move
        assert seat is not None
        table.ai(seat)
    you = {"en": "You", "ru": "Вы"}[lang]
    said = out.getvalue().splitlines()
    assert f"{you}: {card_words(card, lang)}." in said
    names = table.game.names
    plays = [text for text in said if text.startswith(tuple(f"{n}: " for n in names))]
    assert len(plays) >= 3 and all(text.endswith((".", "!")) for text in plays), plays
    before = len(said)
    table.stdin = io.StringIO("last\nhelp\n" if lang == "en" else "последняя\nпомощь\n")
    with pytest.raises(line.play.Quit):
        table.human()
    answers = out.getvalue().splitlines()[before:]
    assert any(re.fullmatch(LAST[lang], text) for text in answers), answers
    assert KEYS[lang] in answers
