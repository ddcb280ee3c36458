"""`settings` by lines: the player's settings said and changed by typed words, in English and
Russian, through `thousand --plain`'s standard input and output and in the lobby by lines;
each answer one line that begins with the setting, bad input one line that says what is legal
and changes nothing, kept where the start screen keeps them (over SSH, in the player's own
folder), and *Your hands* typed in the lobby is what the table service is told when he sits."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.line import test_shared_line
from tests.line.test_line_mode import clean, run_cli, short_preset
from tests.line.test_shared_line import PROMPT, Terminal, drive, said
from tests.tables.helpers import opened
from thousand_tui import line
from thousand_tui.line.texts import say
from thousand_tui.presets import shipped_names
from thousand_tui.priority import Host
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.store.records import read_record
from thousand_tui.tui.shared.connection import hands_allowed

base = test_shared_line.base  # a data folder with a short path, for the service's socket

# What each language says: the settings, then each answer to a change, then a bad setting.
SAID = {
    "en": {
        "typed": ["settings", "settings hands on", "settings hands maybe", "settings plain off"],
        "hands_off": "Your hands: never shown to others. To change: settings hands on.",
        "plain_on": "Line mode: on at each start. To change: settings plain off.",
        "language": "Language: English. To change: settings language and one of ",
        "hands_on": "Your hands: open to all after a shared game, if all agree. Kept for your "
        "next shared table.",
        "unknown": "Not a setting: hands maybe. Legal: settings hands on/off, settings plain "
        "on/off, settings language and one of en, cs, pl, ru, uk.",
        "plain_off": "Line mode: off from your next start, the full table; this session stays "
        "by lines.",
        "help": "settings: your settings;",
    },
    "ru": {
        "typed": [
            "настройки",
            "Настройки карты вкл",
            "настройки карты может",
            "settings plain off",  # the English words are understood in every language
        ],
        "hands_off": "Ваши карты: другим не показываются. Изменить: настройки карты вкл.",
        "plain_on": "Строчный режим: включён при каждом запуске. Изменить: настройки строки выкл.",
        "language": "Язык: Русский. Изменить: настройки язык и один из ",
        "hands_on": "Ваши карты: открыты всем после общей партии, если согласны все. Сохранено "
        "для следующего общего стола.",
        "unknown": "Нет такой настройки: карты может. Можно: настройки карты вкл/выкл, "
        "настройки строки вкл/выкл, настройки язык и один из en, cs, pl, ru, uk.",
        "plain_off": "Строчный режим: выключен со следующего запуска, будет полный стол; этот "
        "сеанс остаётся строками.",
        "help": "настройки: ваши настройки;",
    },
}


def kept(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "config" / "thousand_tui" / "start.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_settings_typed_in_a_game_by_lines_are_said_and_kept(tmp_path: Path, lang: str) -> None:
    words = SAID[lang]
    preset = short_preset(tmp_path)
    typed = [*words["typed"], "help", "quit"]
    args = ["--plain", "--preset", preset, "--seed", "3", "--lang", lang]
    done = run_cli(tmp_path, args, "\n".join(typed) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert "\x1b" not in done.stdout and all(clean(text) for text in out)
    at = out.index(words["hands_off"])  # `settings`: a line for each, what matters first
    assert out[at + 1] == words["plain_on"]
    assert out[at + 2].startswith(words["language"])
    assert out[at + 3] == words["hands_on"]
    assert out[at + 4] == words["unknown"]  # one line, and nothing changed by it
    assert out[at + 5] == words["plain_off"]
    assert any(text.startswith(words["help"]) for text in out[at + 6 :])  # listed in help
    choices = kept(tmp_path)
    assert choices["open_hands"] is True and choices["plain"] is False
    # Kept where the start screen keeps them: the next start reads them, by lines no more.
    again = run_cli(tmp_path, ["--plain", "--lang", lang], "settings hands off\nquit\n")
    assert again.returncode == 0, again.stderr
    assert kept(tmp_path)["open_hands"] is False


@pytest.mark.long
def test_a_language_typed_in_a_game_is_the_next_games(tmp_path: Path) -> None:
    preset = short_preset(tmp_path)
    args = ["--plain", "--preset", preset, "--seed", "3", "--lang", "en"]
    done = run_cli(tmp_path, args, "settings language ru\nsettings language xx\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert "Language: Русский, from your next game." in out
    assert any(text.startswith("Not a setting: language xx. Legal: ") for text in out)
    assert kept(tmp_path)["lang"] == "ru"
    # The start screen's choices, by lines: the game now speaks Russian.
    again = run_cli(tmp_path, ["--plain"], "quit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("Тысяча")


def lobby(setup: LobbySetup) -> tuple[Terminal, threading.Thread]:
    term = Terminal()
    thread = threading.Thread(target=line.run_lobby, args=(setup, term, term), daemon=True)
    thread.start()
    return term, thread


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_your_hands_typed_in_a_hosted_lobby_is_what_the_table_is_told(
    base: Path, lang: str
) -> None:
    """Over SSH the lobby runs in the account's folder: the setting is kept in the player's
    own folder, and the table he sits at from the lobby is told it."""
    words = SAID[lang]
    ann = opened(base, "Ann", people=[0, 1])
    host = Host(hosted=True, data=base)
    presets = {preset: preset for preset in shipped_names()}
    table = TableSetup(lang=lang, name="Lena", pace=0.0, host=host)
    term, thread = lobby(LobbySetup(table, presets, who="olga"))
    prompt = say(lang, "line_lobby_prompt")
    drive(ann, term, lambda: prompt in said(term), play=False)
    assert not hands_allowed(host, "olga")
    for typed, answer in [
        (words["typed"][0], words["hands_off"]),
        (words["typed"][1], words["hands_on"]),
        (words["typed"][2], words["unknown"]),
    ]:
        before = len(said(term))
        term.type(typed)
        drive(ann, term, lambda n=before: len(said(term)) > n, play=False)
        assert said(term)[before] == answer
    assert hands_allowed(host, "olga")
    own = base / "players" / "olga" / "start.json"
    assert json.loads(own.read_text(encoding="utf-8"))["open_hands"] is True
    assert not (base / "start.json").exists()  # not the account's: his own
    term.type("join 1")
    drive(ann, term, lambda: any(PROMPT.match(s) for s in said(term)), play=False)
    (record,) = (base / "games").glob("*.jsonl")
    assert read_record(record).games[0].header["open_hands"] == [False, True, None]
    assert "\x1b" not in term.getvalue() and all(clean(text) for text in term.lines)
    term.type("quit")
    term.type("quit")
    thread.join(timeout=30)
    ann.close()
