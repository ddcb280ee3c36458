"""The command line speaks the player's language: `--lang` where the command has it, else the
locale's (README: Translations)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from thousand_tui import cli, translations
from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.translations import DOMAIN, LANGS, LOCALE_DIR
from thousand_tui.tui.coach import one_decimal

BROKEN = "players: 3\n  bad: [\n"


@pytest.fixture(autouse=True)
def english_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An English locale and a data folder of the test's own."""
    home = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES", "LC_CTYPE"):
        monkeypatch.delenv(name, raising=False)
    return home


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def broken_preset(tmp_path: Path) -> str:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN)
    return str(path)


def test_a_broken_preset_is_explained_in_the_language_of_lang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preset = broken_preset(tmp_path)
    status, out, err = run(capsys, "--lang", "ru", "--preset", preset)
    assert status == 2 and out == ""
    assert f"{preset}, строка 2: неверный YAML: " in err
    assert "проверьте отступы и что после каждого ключа стоят двоеточие и пробел" in err
    assert "not valid YAML" not in err and " line 2" not in err


def test_a_broken_preset_is_explained_in_the_locales_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    preset = broken_preset(tmp_path)
    status, _, err = run(capsys, "--preset", preset)
    assert status == 2
    assert f"{preset} line 2: not valid YAML: " in err
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    for args in (["--preset", preset], ["simulate", "--preset", preset], ["presets", preset]):
        status, _, err = run(capsys, *args)
        assert status == 2, args
        assert f"{preset}, строка 2: неверный YAML: " in err, args
    status, _, err = run(capsys, "--lang", "en", "--preset", preset)  # the flag before the locale
    assert f"{preset} line 2: not valid YAML: " in err


def test_an_unknown_preset_names_the_shipped_ones_in_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, _, err = run(capsys, "presets", "clasic")
    assert status == 2
    assert "неизвестный пресет 'clasic' (может быть, classic?). С игрой поставляются: " in err


def test_games_with_no_games_speaks_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, english_locale: Path
) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0 and out.startswith("No saved games yet; they will be kept in ")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, out, _ = run(capsys, "games")
    folder = english_locale / "thousand_tui" / "games"
    assert status == 0
    assert out == f"Сохранённых игр пока нет; они будут храниться в {folder}.\n"
    status, out, _ = run(capsys, "games", "--clean")
    assert (status, out) == (0, "удалять нечего\n")


def a_saved_game(locale_home: Path) -> Path:
    """Where the first saved game of the data folder under `locale_home` is kept."""
    folder = locale_home / "thousand_tui" / "games"
    folder.mkdir(parents=True)
    return folder / "2026-12-01T100000-classic.jsonl"


def test_the_list_of_games_speaks_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, english_locale: Path
) -> None:
    record = a_saved_game(english_locale)
    folder = record.parent
    assert cli.main(["simulate", "--games", "1", "--record", str(record)]) == 0
    capsys.readouterr()
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, out, _ = run(capsys, "games")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == f"Сохранённые игры в {folder}, последние сыгранные первыми:"
    heads = "# начата пресет игроки и очки коны состояние файл"
    assert lines[2].split() == heads.split()
    assert "победа: " in lines[3] and record.name in lines[3]
    assert lines[-2].startswith("Продолжить последнюю неоконченную игру: `thousand --resume`")
    assert lines[-1] == "Пройти игру по ходам: `thousand view NUMBER`."
    status, _, err = run(capsys, "games", "--delete", "7")
    assert status == 2
    assert "игры 7 нет: в списке `thousand games` их 1, с номерами от 1 до 1" in err
    assert record.exists()


def test_an_unreadable_game_in_the_list_says_why_in_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, english_locale: Path
) -> None:
    broken = a_saved_game(english_locale)
    broken.write_text('{"type": "game"}\n{"type": \n', encoding="utf-8")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, out, _ = run(capsys, "games")
    [row] = [line for line in out.splitlines() if broken.name in line]
    assert status == 0
    assert "не читается: строка 1: это не файл thousand-record" in row, row
    status, out, _ = run(capsys, "games", "--lang", "en")
    [row] = [line for line in out.splitlines() if broken.name in line]
    assert "unreadable: line 1: not a thousand-record file" in row, row


def test_presets_lists_in_the_language_of_lang(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "presets", "--lang", "ru")
    assert status == 0
    assert "classic      Классика: " in out
    langs = "|".join(LANGS)  # every language shipped
    assert f"\nПодробно об одном: `thousand presets NAME`; язык выбирает --lang {langs}" in out
    status, out, _ = run(capsys, "presets")
    assert "Show one with `thousand presets NAME`; --lang en|" in out


@pytest.mark.long
def test_flags_and_summaries_speak_the_locales_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, _, err = run(capsys, "simulate", "--games", "0")
    assert (status, err) == (2, "thousand: --games — не меньше 1\n")
    with pytest.raises(SystemExit) as done:
        cli.main(["simulate", "--bogus"])
    assert done.value.code == 2
    assert capsys.readouterr().err == (
        "thousand simulate: неизвестный флаг или аргумент: --bogus; "
        "флаги перечисляет `thousand simulate --help`\n"
    )
    record = tmp_path / "games.jsonl"
    status, out, _ = run(capsys, "simulate", "--games", "2", "--record", str(record))
    assert status == 0
    assert out.startswith("пресет classic, игроков: 3, ИИ easy,easy,easy, зёрна раздач 1..2\n")
    assert "место  уровень  побед  очков/кон" in out
    rows = out.splitlines()[3:6]
    assert all(re.fullmatch(r" +\d  easy +\d +-?\d+,\d", row) for row in rows), rows
    status, out, _ = run(capsys, "replay", str(record))
    assert status == 0
    assert out.startswith(f"{record}: 2 игры, ")
    assert "каждый результат сходится с повтором" in out
    # --lang says the same whatever the locale
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    status, out, _ = run(capsys, "replay", str(record), "--lang", "ru")
    assert status == 0 and out.startswith(f"{record}: 2 игры, ")
    status, out, _ = run(capsys, "simulate", "--games", "1", "--lang", "ru")
    assert status == 0 and out.startswith("пресет classic, игроков: 3")


def test_the_join_code_is_explained_in_the_language_of_lang(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "join", "??", "--lang", "ru")
    assert status == 2
    assert "'??' — не код стола: шесть букв и цифр" in err


def test_the_decimal_sign_is_the_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A language's decimal sign comes from its catalog, not from its name: a catalog dropped
    in under another name writes the comma of the catalog it was copied from."""
    assert (one_decimal(63.1, "en"), one_decimal(63.1, "ru")) == ("63.1", "63,1")
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / f"{DOMAIN}.mo").write_bytes((LOCALE_DIR / "ru/LC_MESSAGES/thousand.mo").read_bytes())
    monkeypatch.setattr(translations, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(translations, "LANGS", (*translations.LANGS, "xx"))
    translations.catalog.cache_clear()
    try:
        assert one_decimal(-2.5, "xx", signed=True) == "-2,5"
    finally:
        translations.catalog.cache_clear()


def test_the_tables_flags_are_explained_in_the_players_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run(capsys, "--lang", "ru", "--pace", "20")
    assert (status, err) == (2, "thousand: --pace — от 0 до 10 секунд, а не 20\n")
    status, _, err = run(capsys, "--lang", "ru", "--players", "2", "--ai", "easy,hard")
    assert status == 2
    assert err == (
        "thousand: --ai: один уровень для всех соперников или 1 уровень, по одному на "
        "соперника (вы — место 0), а не 'easy,hard'\n"
    )
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, _, err = run(capsys, "--resume")
    assert status == 2
    assert err.startswith("thousand: неоконченной игры для продолжения нет (сохранённые игры ")
    status, _, err = run(capsys, "--lang", "en", "--resume")
    assert err.startswith("thousand: there is no unfinished game to resume (saved games live in ")


def test_a_corrupt_save_is_explained_in_the_players_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"type": "game"\nnot json\n')
    status, _, err = run(capsys, "replay", str(broken))
    assert (status, err) == (
        2,
        f"thousand: {broken}: not a game record (line 1 is not JSON); a record is the .jsonl "
        "file the game writes\n",
    )
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    for args in (["replay", str(broken)], ["analyze", str(broken)]):
        status, _, err = run(capsys, *args)
        assert status == 2, args
        assert err == (
            f"thousand: {broken}: это не запись игры (строка 1 — не JSON); запись игры — файл "
            ".jsonl, который пишет игра\n"
        ), args
