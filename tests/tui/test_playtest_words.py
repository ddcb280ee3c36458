"""Words a player would say, found wrong in a playtest: `thousand analyze` speaking to the
player, an analysis whose figures add up, the Polish sheet's palki, bomba and names, one Russian
term for the contract and its player, the Czech ranks, a fall from the barrel as players write
it, and what the sitting-out dealer got from the talon."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

from tests.engine.helpers import state
from tests.engine.test_barrel import swept
from tests.helpers.rules import rules_of
from tests.helpers.screen import screen_text
from thousand_tui.ai.analysis import Advice, DealAnalysis, Decision, Option
from thousand_tui.cli import main
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import Card, Rank, Suit
from thousand_tui.engine.events import ContractsOnly, SitterScore
from thousand_tui.engine.scoring import round_defender
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.translations import LANGS
from thousand_tui.tui import create_app
from thousand_tui.tui.coach import Words
from thousand_tui.tui.i18n import Translator, card_label
from thousand_tui.tui.narrate import Narrator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.screens.result import DealResultScreen

from .helpers import settle
from .test_skip import SLOW, first_move_shown

NAMES = ("You", "Anna", "Boris")


def decided(cost: float) -> Decision:
    dark = Option((Action(0, Act.DARK),), -150.0, 0.2)
    light = Option((Action(0, Act.DARK_DECLINE),), -20.0, 0.2)
    offer = Advice(0, "dark", light, (light, dark), 120, False)
    return Decision(0, "dark", (dark.action,), offer, cost)


def analysed(number: int, *costs: float) -> DealAnalysis:
    """Seat 0 declared 120 and made it; its decisions cost `costs`."""
    deal = DealAnalysis(number, 0, 0, 120, True, 131, 140)
    deal.decisions += [decided(cost) for cost in costs]
    return deal


# ---------------------------------------------------------------- `thousand analyze`


def write_game(tmp_path: Path) -> Path:
    """A saved game of two deals: you (a person) against Anna and Boris."""
    players = [
        {"name": "You", "kind": "human"},
        {"name": "Anna", "kind": "ai"},
        {"name": "Boris", "kind": "ai"},
    ]
    lines = [
        {"type": "game", "players": players, "rules": {"players": 3}},
        {"type": "result", "number": 1},
        {"type": "result", "number": 2},
    ]
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


@pytest.fixture
def canned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis of the saved game, without the search: deal 1 has one costly decision
    (17.4) and two small ones (0.6 and 0.5); deal 2 one small one (0.4)."""
    from thousand_tui.ai import analysis
    from thousand_tui.store import records

    players = [{"name": n, "kind": "human" if i == 0 else "ai"} for i, n in enumerate(NAMES)]
    recorded = SimpleNamespace(
        header={"players": players},
        lines=[{"type": "result", "number": 1}, {"type": "result", "number": 2}],
    )
    monkeypatch.setattr(records, "read_record", lambda path: SimpleNamespace(games=[recorded]))
    monkeypatch.setattr(
        analysis,
        "analyze_game",
        lambda recorded, seat, deals, jobs=1: [analysed(1, 17.4, 0.6, 0.5), analysed(2, 0.4)],
    )


@pytest.mark.usefixtures("canned")
def test_thousand_analyze_speaks_to_you_and_names_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], host: Host
) -> None:
    path = write_game(tmp_path)
    assert main(["analyze", str(path), "--jobs", "1", "--lang", "en"], host) == 0
    text = capsys.readouterr().out
    assert "game 1, your seat (0)" in text
    assert "You played 120 and took 131 points: made." in text
    assert "With all cards open and best play on both sides, you would take 140 points." in text
    assert "None of your decisions cost about 10 points or more" in text
    # The total is what the deals said, added up: 17 + 1, and 0.
    assert "2 deals: about 18 points lost by your decisions, 9.0 a deal" in text
    assert "You would" not in text and "of You" not in text and "seat 0's" not in text

    # Anna's decisions: she is named, and you are still "you".
    assert main(["analyze", str(path), "--seat", "1", "--lang", "en"], host) == 0
    text = capsys.readouterr().out
    assert "seat 1 (Anna)" in text and "you would take 140 points" in text
    assert "lost by Anna's decisions" in text


@pytest.mark.usefixtures("canned")
@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_thousand_analyze_says_you_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, host: Host
) -> None:
    path = write_game(tmp_path)
    assert main(["analyze", str(path), "--lang", lang], host) == 0
    text = capsys.readouterr().out
    # The recorded name of your seat ("You") is never said of you in another language.
    assert "You" not in text, text
    assert " 18 " in text.splitlines()[-1]


# ---------------------------------------------------------------- the figures add up


@pytest.mark.parametrize("lang", LANGS)
def test_the_analysis_total_is_the_sum_of_what_it_lists(lang: str) -> None:
    words = Words(Translator(lang), NAMES, you=0)
    lines = words.deal(analysed(1, 17.4, 0.6, 0.5))
    costly, small, total = lines[-3:]
    assert " 17 " in costly and " 1 " in small and " 18 " in total, lines
    # One costly decision and nothing smaller: the whole loss is its cost.
    alone = words.deal(analysed(1, 17.4))
    assert " 17 " in alone[-2] and " 17 " in alone[-1] and not any(" 18 " in x for x in alone)
    # Small decisions only: said together, after the line that none was costly.
    assert " 1 " in words.deal(analysed(1, 0.6, 0.5))[-1]


def test_the_english_analysis_explains_its_sum() -> None:
    lines = Words(Translator("en"), NAMES, you=0).deal(analysed(1, 17.4, 0.6, 0.5))
    assert lines[-2:] == [
        "Your smaller decisions together: about 1 point.",
        "Lost by your decisions in all: about 18 points.",
    ]
    theirs = Words(Translator("en"), NAMES, you=1).deal(analysed(1, 0.6, 0.5))
    assert theirs[-1] == (
        "No decision of You cost about 10 points or more; together they cost about 1 point."
    )


# ---------------------------------------------------------------- Polish


def test_the_polish_preset_says_what_its_sheet_marks() -> None:
    """Palki cost nothing in Tysiąc but a trickless deal is still marked (the engine's
    `palki.penalty: 0`): the description says so in every language."""
    preset = load_preset("polish")
    assert preset.rules.palki.penalty == 0
    said = {
        "en": "palki marked but never fined",
        "ru": "палки пишутся, но без штрафа",
        "uk": "палки пишуться, але без штрафу",
        "pl": "kreski się zapisuje, ale bez kary",
        "cs": "bolty se píšou, ale bez pokuty",
    }
    for lang, words in said.items():
        text = " ".join(preset.description[lang].split())
        assert words in text, (lang, text)


def test_the_polish_bomba_is_marked_b_and_names_need_no_case() -> None:
    pl = Translator("pl")
    marks = {pl(key) for key in ("mark_concession", "mark_barrel", "mark_samosval")}
    assert pl("mark_concession") == "B" and len(marks) == 3
    for lang in LANGS:  # in every language the sheet's letters differ
        t = Translator(lang)
        assert len({t(k) for k in ("mark_concession", "mark_barrel", "mark_samosval")}) == 3
    rules = load_preset("polish").rules
    tell = Narrator(pl, Palette(lang="pl"), ("Ty", "Bartek", "Celina"), rules)
    assert tell.settlement_event(ContractsOnly((1, 2))) == (
        "Powyżej 800 liczy się tylko własna gra; Bartek, Celina: bez zapisu"
    )
    assert "«B»" in pl("help_rules") and "«P»" not in pl("help_rules")
    assert "«B»" in load_preset("family").description["pl"]


# ---------------------------------------------------------------- Russian and Ukrainian


def catalog(lang: str) -> dict[str, str]:
    path = Path(__file__).parents[2] / f"thousand_tui/locale/{lang}/LC_MESSAGES/thousand.po"
    with path.open("rb") as f:
        messages = read_po(f, locale=lang)
    said: dict[str, str] = {}
    for m in messages:
        if m.id and m.context:
            said[m.context] = m.string if isinstance(m.string, str) else " ".join(m.string or ())
    return said


def test_russian_says_one_word_for_the_contract_and_one_for_its_player() -> None:
    ru = catalog("ru")
    assert ru["exchange_title"] == "Прикуп: отдайте по карте противникам"
    mixed = {k: v for k, v in ru.items() if "заявк" in v.lower() or "заказчик" in v.lower()}
    assert not mixed, mixed
    assert "разыгрывающ" in ru["rules:scoring.declarer_rounding"].lower()
    for name in ("online-site", "two-player"):
        text = load_preset(name).description["ru"].lower()
        assert "заявк" not in text and "заказчик" not in text, text
    uk = catalog("uk")
    assert uk["exchange_title"] == "Прикуп: віддайте по карті суперникам"


# ---------------------------------------------------------------- Czech


def test_the_czech_ranks_are_the_letters_czech_players_write() -> None:
    cards = [Card(rank, Suit.HEARTS) for rank in Rank]
    assert [card_label(c, "cs") for c in cards] == ["9♥", "J♥", "D♥", "K♥", "10♥", "A♥"]
    for lang in LANGS:  # no two ranks with one letter
        labels = [card_label(c, lang) for c in cards]
        assert len(set(labels)) == len(labels), (lang, labels)
    cs = Translator("cs")
    assert "9 J D K 10 A" in cs("help_rules") and "K+D" in cs("help_rules")
    rules_md = (Path(__file__).parents[2] / "docs/rules.md").read_text()
    assert "Czech `J D K A`" in rules_md


# ---------------------------------------------------------------- a fall from the barrel


def test_a_fall_rounded_down_is_said_as_players_write_it() -> None:
    rules = rules_of(barrel__goal="cumulative", barrel__fall_rounding="down_to_tens")
    result = swept(rules, state(scores=[993, 0, 0], barrel={0: (2, 113)})).results[-1]
    said = {
        lang: Narrator(Translator(lang), Palette(lang=lang), NAMES, rules).result(result)[-1]
        for lang in LANGS
    }
    assert said["en"] == (
        "You: off the barrel (attempts used up): 993 rounded down to 990, −120 = 870"
    )
    for lang, line in said.items():
        assert "993" in line and "990" in line and "−120 = 870" in line, (lang, line)
    # Nothing rounded: the fine alone.
    plain = rules_of(barrel__goal="cumulative")
    result = swept(plain, state(scores=[993, 0, 0], barrel={0: (2, 113)})).results[-1]
    line = Narrator(Translator("en"), Palette(), NAMES, plain).result(result)[-1]
    assert line == "You: off the barrel (attempts used up), −120"


# ---------------------------------------------------------------- the sitter's talon

TALON_WORD = {"en": "talon", "ru": "прикуп", "uk": "прикуп", "pl": "musik", "cs": "talon"}


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru", "pl"])
async def test_the_sitter_row_shows_the_talon_he_scored_from(lang: str, host: Host) -> None:
    app = create_app(
        TableSetup.of("four-player", seed=4, pace=SLOW, first_dealer=0, lang=lang, host=host)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await first_move_shown(pilot, footer="f ")
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        result = app.screen.result
        assert result.sitting_out == 0
        talon = app.screen.sitter_talon
        assert talon is not None and talon > 0
        (scored,) = [e for e in result.events if isinstance(e, SitterScore)]
        rules = app.session.game.rules
        assert scored.points == round_defender(talon, rules.scoring.defender_rounding)
        text = screen_text(app)
        row = next(line for line in text.splitlines() if f"{TALON_WORD[lang]} {talon}" in line)
        assert f"+{scored.points}" in row, row
