"""The daily deals and a tournament's by lines (`thousand daily --plain`, `thousand tournaments
play NAME --plain`, and from the line mode's lobby), driven through the line mode's input and
output in English and Russian: each deal's result kept as it is settled, the board or the
standings said after the last deal, take-back and hints refused in one line, the lobby's
tournament commands, and no line with an escape sequence."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.line.test_line_mode import Bot, clean, spoken
from tests.line.typist import Typist
from thousand_tui import line
from thousand_tui.daily import DEALS, Daily, today
from thousand_tui.line import club
from thousand_tui.line.club import LineLobby
from thousand_tui.line.texts import say
from thousand_tui.options import TableFlags
from thousand_tui.presets import load_preset
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.store.index import DailyResult, open_index
from thousand_tui.tournament import Tournament, open_tournament
from thousand_tui.tui.daily_table import played_fields
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.shared.lobby_client import lobby_of

WORDS = {
    "en": {"undo": "undo", "hint": "hint", "nonsense": "xyzzy", "unknown": "Unknown: xyzzy."},
    "ru": {
        "undo": "отмена", "hint": "подсказка", "nonsense": "чепуха", "unknown": "Непонятно: чепуха."
    },
}  # fmt: skip


class Player(Bot):
    """The bot, who first types take-back, a hint and a word nobody knows."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang, stop=400)
        self.first = [WORDS[lang][w] for w in ("undo", "hint", "nonsense")]

    def __call__(self, lines: list[str]) -> str | None:
        if self.first:
            return self.first.pop(0)
        return super().__call__(lines)


def watched(monkeypatch: pytest.MonkeyPatch, bot: Bot) -> None:
    """The bot reads the table of the daily played by lines."""

    class Seen(club.LineDaily):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            bot.table = self

    monkeypatch.setattr(club, "LineDaily", Seen)


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_days_last_deal_by_lines_is_kept_and_the_board_said(
    host: Path, quick_reference: None, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    day = Daily(today(), load_preset("classic"))
    with open_index() as index:  # deals 2..6 played: the first is left
        index.add_daily_results(
            [DailyResult(day.date, "classic", "local", n, 10, 0) for n in range(2, DEALS + 1)]
        )
    bot = Player(lang)
    watched(monkeypatch, bot)
    typist = Typist(bot)
    assert line.run_daily(TableFlags(lang=lang, name="Olga"), typist, typist) == 0
    said = spoken(typist.lines)
    t = Translator(lang)
    title = t("daily_title", date=day.date, preset=load_preset("classic").title_in(lang))
    deals = t.count("w_deal", DEALS)
    assert said[0] == t("daily_preparing")  # the reference's points, once a day
    assert said[1] == say(lang, "line_daily_welcome", title=title, deals=deals)
    assert said[2] == t("daily_top", number=1, count=DEALS) + "."
    # Take-back and hints are not the daily's; a word nobody knows: one line each.
    prompt = next(i for i, text in enumerate(said) if PROMPTS[lang] in text)
    assert said[prompt + 1] == t("takeback_off_daily")
    assert said[prompt + 2] == say(lang, "line_hint_off")
    assert said[prompt + 3].startswith(WORDS[lang]["unknown"])
    with open_index() as index:
        kept = [r for r in day.results(index) if r.player == "local" and r.deal == 1]
    assert len(kept) == 1
    assert said[-1] != say(lang, "line_daily_saved", command="thousand daily")
    # The day played: none till tomorrow, and how to review it, named as typed (no backticks).
    assert said[-1] == say(lang, "line_daily_played", **played_fields(day, t))
    assert "thousand view --daily" in said[-1] and "`" not in said[-1]
    assert title in said[-5:] or any(text == title for text in said[-10:])
    assert all(clean(text) for text in typist.lines)


PROMPTS = {"en": "Your ", "ru": "Ваш"}


def day_title(day: Daily, t: Translator) -> str:
    return t("daily_title", date=day.date, preset=load_preset("classic").title_in(t.lang))


@pytest.mark.long
def test_quitting_the_daily_by_lines_keeps_the_deal_and_says_how_to_go_on(
    host: Path, quick_reference: None
) -> None:
    typist = Typist(lambda lines: "quit")
    assert line.run_daily(TableFlags(lang="en"), typist, typist) == 0
    said = spoken(typist.lines)
    # Said as a sentence and the command, nothing around it for a screen reader to spell out.
    assert said[-1] == "Your daily deal is kept. To take it up where you stopped: thousand daily"
    board = io.StringIO()
    assert line.run_daily(TableFlags(lang="en", board=True), io.StringIO(), board) == 0
    assert board.getvalue().splitlines()[0].startswith("Daily deal ")


def test_quitting_a_tournaments_deal_by_lines_says_the_command_plainly(
    host: Path, quick_reference: None
) -> None:
    open_tournament("Winter Cup", "classic", 2, "now", "+2h")
    typist = Typist(lambda lines: "выход")
    assert line.run_tournament("Winter Cup", TableFlags(lang="ru"), typist, typist) == 0
    last = spoken(typist.lines)[-1]
    kept = "Ваш турнирный кон сохранён. Продолжить с того же места: thousand tournaments play "
    assert last.startswith(kept) and "Winter Cup" in last and "`" not in last


@pytest.mark.parametrize(
    ("lang", "top"), [("en", "Tournament deal 1 of 1."), ("ru", "Турнирный кон 1 из 1.")]
)
def test_a_tournaments_deal_by_lines_then_its_standings(
    host: Path, quick_reference: None, monkeypatch: pytest.MonkeyPatch, lang: str, top: str
) -> None:
    spec = open_tournament("Winter Cup", "classic", 1, "now", "+2h")
    bot = Bot(lang)
    watched(monkeypatch, bot)
    typist = Typist(bot)
    assert line.run_tournament("winter cup", TableFlags(lang=lang), typist, typist) == 0
    said = spoken(typist.lines)
    assert said[1] == top
    assert any("«Winter Cup»" in text for text in said[-6:])
    with open_index() as index:
        results = Tournament.of(spec).results(index)
    assert [r.deal for r in results if r.player == "local"] == [1]
    # Played: a second try says so, and the standings.
    again = Typist(lambda lines: "quit")
    assert line.run_tournament("Winter Cup", TableFlags(lang=lang), again, again) == 0
    t = Translator(lang)
    assert spoken(again.lines)[0] == t("tour_all_played", deals=t.count("w_deal", 1))
    assert all(clean(text) for text in typist.lines + again.lines)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobbys_tournament_commands(host: Path, lang: str) -> None:
    open_tournament("Winter Cup", "classic", 2, "now", "+2h")
    out = io.StringIO()
    lobby = LineLobby(lobby_of(LobbySetup(TableSetup(lang=lang), {})), io.StringIO(), out)
    standings, tournament = {"en": ("standings", "tournament"), "ru": ("итоги", "турнир")}[lang]
    for text in ("tournaments", f"{standings} winter cup", standings, tournament):
        assert lobby.answer(text)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("«Winter Cup»")
    assert any("«Winter Cup»" in text for text in lines[1:-2])
    assert lines[-2] == say(lang, "line_lobby_tour_name", command=standings)
    assert lines[-1] == say(lang, "line_lobby_tour_name", command=tournament)
    assert all(clean(text) for text in lines)


def test_a_hosted_lobbys_daily_is_the_players_own_try(tmp_path: Path) -> None:
    from dataclasses import replace

    from thousand_tui.priority import Host

    account = Host(data=tmp_path / "account", club=tmp_path / "account", hosted=True)
    table = replace(TableSetup(lang="en"), host=account)
    lobby = LineLobby(lobby_of(LobbySetup(table, {}, who="key-olga")), io.StringIO(), io.StringIO())
    host = lobby.flags().host
    assert host.data_dir == tmp_path / "account" / "players" / "key-olga"
    assert host.club_dir == tmp_path / "account"  # the club's: every player's results


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_day_played_says_how_to_review_it(host: Path, quick_reference: None, lang: str) -> None:
    day = Daily(today(), load_preset("classic"))
    with open_index() as index:
        index.add_daily_results(
            [DailyResult(day.date, "classic", "local", n, 10, 0) for n in range(1, DEALS + 1)]
        )
    out = io.StringIO()
    assert line.run_daily(TableFlags(lang=lang), io.StringIO(), out) == 0
    said = out.getvalue().splitlines()
    t = Translator(lang)
    done = say(lang, "line_daily_played", **played_fields(day, t))
    assert done in said and said.index(done) < said.index(day_title(day, t))  # then the board
    assert "thousand view --daily" in done and {"en": "tomorrow", "ru": "завтра"}[lang] in done
    assert "`" not in done  # a command named as typed, nothing a reader spells out
