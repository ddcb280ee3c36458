"""The club database going away in the middle of a daily deal (a proxy to it, cut): the deal
is played to its end and kept in its record, the player is told so in his language, the next
deal (dealt from the database) waits with a clear word instead of a crash, and once the
database is back the deal's result is kept from its record. Also at start: what stops for
want of the database says so in the reader's language, never its address."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.line.test_line_mode import Bot, spoken
from tests.line.typist import Typist
from tests.tui.helpers import pass_and_play_out, settle
from thousand_tui.cli import main
from thousand_tui.daily import REFERENCE_NAME, Daily, day_folder
from thousand_tui.line.club import LineDaily, daily_lines_setup
from thousand_tui.presets import load_preset
from thousand_tui.priority import DATABASE_ENV, Host
from thousand_tui.settings import TableSetup
from thousand_tui.store.catalog import CLUB_DOWN
from thousand_tui.store.index import open_club, player_id
from thousand_tui.translations import tell
from thousand_tui.tui import create_app
from thousand_tui.tui.daily_table import DailyRun, open_next
from thousand_tui.tui.i18n import Translator

from .conftest import Cuttable
from .test_database import free_port

DATE = "2026-12-06"


def the_day(host: Host) -> Daily:
    day = Daily(DATE, load_preset("classic"), host.club_dir, host.database)
    folder = day_folder(DATE, "classic", host.club_dir)
    folder.mkdir(parents=True)
    (folder / REFERENCE_NAME).write_text(json.dumps([0] * 6))  # no reference to compute
    return day


def setup_of(host: Host, lang: str) -> TableSetup:
    return TableSetup(
        preset=load_preset("classic"),
        levels=("easy", "easy"),
        seed=0,
        lang=lang,
        pace=0.0,
        save=False,
        hints=False,
        host=host,
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_database_gone_mid_deal_keeps_it_and_says_so(
    data: Path, cuttable: Cuttable, lang: str
) -> None:
    host = Host(data=data, database=cuttable.url, node="host-a")
    day, setup, me = the_day(host), setup_of(host, lang), player_id(host)
    found = open_next(day, me, setup)
    assert found is not None
    opened, events = found
    app = create_app(setup, daily=DailyRun(day, me, setup, opened, events))
    t = Translator(lang)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        cuttable.cut()  # gone while the deal is played
        await pass_and_play_out(pilot)
        points = app.session.game.results[0].deltas[0]
        assert t("daily_kept_later") in app.notices
        await pilot.press("enter")  # the next deal cannot be dealt: the app ends, no crash
        await pilot.pause()
    assert app.return_code in (0, None)
    said = t("daily_club_down", command="thousand daily")
    assert app.parting_words() == [said]
    lines = [json.loads(line) for line in opened.path.read_text().splitlines()]
    assert any(line["type"] == "result" for line in lines)  # the record has it all

    cuttable.mend()  # back: the deal's result kept from its record, and deal 2 dealt
    again = open_next(day, me, setup)
    assert again is not None and again[0].number == 2
    again[0].writer.close()
    with open_club(host) as index:
        (kept,) = day.results(index)
    assert (kept.player, kept.deal, kept.points) == (me, 1, points)


def test_the_line_mode_says_it_too(data: Path, cuttable: Cuttable) -> None:
    host = Host(data=data, database=cuttable.url, node="host-a")
    day, setup = the_day(host), daily_lines_setup(setup_of(host, "ru"))
    found = open_next(day, player_id(host), setup)
    assert found is not None
    cuttable.cut()
    bot = Bot("ru", stop=400)
    typist = Typist(bot)
    table = LineDaily(DailyRun(day, player_id(host), setup, *found), typist, typist)
    bot.table = table
    assert table.run() == 0
    said = spoken(typist.lines)
    t = Translator("ru")
    assert t("daily_kept_later") in said
    assert said[-1] == t("daily_club_down", command="thousand daily")
    assert not any("Traceback" in text for text in typist.lines)


def test_what_stops_for_want_of_it_says_so_in_the_readers_language(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(DATABASE_ENV, f"postgresql://u:secret@127.0.0.1:{free_port()}/club")
    for lang in ("ru", "uk", "pl", "cs"):
        assert main(["tournaments", "show", "x", "--lang", lang]) == 2
        lines = capsys.readouterr().err.strip().splitlines()
        said = tell(lang, CLUB_DOWN)
        assert said != tell("en", CLUB_DOWN)
        assert lines[-1] == f"thousand: {said}"
        assert "127.0.0.1" not in lines[-1] and "secret" not in "".join(lines)


def test_a_hosted_player_is_told_it_with_no_address(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    down = f"postgresql://u:secret@127.0.0.1:{free_port()}/club"
    player = data / "players" / "key-olga"
    player.mkdir(parents=True, mode=0o700)
    hosted = Host(hosted=True, data=player, club=data, database=down)
    assert main(["ratings", "--lang", "pl"], host=hosted) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"thousand: {tell('pl', CLUB_DOWN)}"] * 2
    assert "127.0.0.1" not in err and "postgresql" not in err
