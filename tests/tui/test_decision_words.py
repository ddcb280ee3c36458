"""What the table asks for, in a player's words: the decision at hand named as a player would
(not the engine's phase), Enter in the footer saying the same as the dialog's help, the
concession's cost, the scores read without the sheet, and the sheet's legend holding only the
marks of the table's own conventions."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.engine.cards import parse_cards
from thousand_tui.engine.contract import concession_terms
from thousand_tui.engine.dealing import Dealt
from thousand_tui.engine.game import Start
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.engine.rules import Rules
from thousand_tui.presets import load_preset, shipped_names
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.translations import LANGS
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.describe import concession_words
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.score_rows import Marks, legend_entries, totals_line
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.contract import ContractScreen
from thousand_tui.tui.screens.decision import DecisionScreen
from thousand_tui.tui.screens.exchange import ExchangeScreen
from thousand_tui.tui.screens.info import HelpScreen, SheetScreen
from thousand_tui.tui.text import DECISIONS

from .apps import strong_app
from .helpers import play_headless, settle

SIZE = (80, 24)


def footer(app: ThousandApp) -> str:
    return screen_text(app).splitlines()[-1]


def enter_says(app: ThousandApp, key: str) -> bool:
    """Whether the footer's Enter says the words of `key`, in the table's language."""
    return f"⏎ {app.t(key)} " in footer(app) + " "


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", LANGS)
async def test_the_auction_asks_for_your_bid_in_every_language(lang: str, host: Host) -> None:
    app = strong_app(lang, host=host)
    t = Translator(lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("escape")  # the dialog put away: the table says what it waits for
        await pilot.pause()
        text = screen_text(app)
        assert t("prompt_decide", what=t("do_bid")) in text, text
        assert enter_says(app, "key_do_bid"), footer(app)
        # Not the engine's name of the phase, nor the word for any decision.
        old = {"en": "Your decision", "ru": "Ваше решение", "uk": "Ваше рішення"}
        assert old.get(lang, "Twoja decyzja") not in text
        assert "Vaše rozhodnutí" not in text and t("key_decide") not in footer(app)


@pytest.mark.long
async def test_the_exchange_and_the_contract_say_what_enter_does(host: Host) -> None:
    """Three players: Enter gives, in the footer and in the exchange's help alike, before the
    cards are chosen and once they are; put away, the table says the same; then the contract
    is raised or played."""
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("2")  # bid 105; Anna passes
        await settle(pilot)
        assert isinstance(app.screen, ExchangeScreen)
        assert enter_says(app, "key_do_give") and "Enter give" in screen_text(app)
        await pilot.press("3", "enter", "5", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Enter: give · Backspace: take back the last card" in text
        assert "confirm" not in text and enter_says(app, "key_do_give")
        await pilot.press("escape")
        await pilot.pause()
        assert "Give a card to each opponent: press Enter." in screen_text(app)
        assert enter_says(app, "key_do_give")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("3", "enter", "5", "enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ContractScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert "Raise the contract or play it: press Enter." in screen_text(app)
        assert enter_says(app, "key_do_contract") and "⏎ Raise or play" in footer(app)


@pytest.mark.long
async def test_the_czech_two_player_footer_puts_aside_as_the_dialog_does(host: Host) -> None:
    """Two players, in Czech: the talon is chosen, then cards are put aside («odložit»): the
    footer never says «Dát» (give) while the help says to put them aside."""
    hands = ("AH TH KH QH AS TS AC TC KC QC", "9H JH 9D JD 9C JC JS 9S QS KS")
    two = Dealt(
        hands=tuple(tuple(parse_cards(h.split())) for h in hands),
        talons=(tuple(parse_cards(["QD", "KD"])), tuple(parse_cards(["TD", "AD"]))),
    )
    setup = TableSetup.of(
        "two-player",
        seed=5,
        pace=0,
        deals={1: two},
        first_dealer=1,
        lang="cs",
        save=False,
        host=host,
    )
    app = create_app(setup)
    t = Translator("cs")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # you are on 100, Anna passes: choose a talon
        assert isinstance(app.screen, DecisionScreen) and app.screen.kind == "talon"
        await pilot.press("escape")
        await pilot.pause()
        assert "Vyberte talon: stiskněte Enter." in screen_text(app)
        assert enter_says(app, "key_do_talon")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2")
        await settle(pilot)
        assert isinstance(app.screen, ExchangeScreen)
        assert enter_says(app, "key_do_discard") and "⏎ Odložit" in footer(app)
        assert "Enter odložit" in screen_text(app) and "⏎ Dát" not in footer(app)
        await pilot.press("minus", "enter", "equals_sign", "enter")
        await pilot.pause()
        assert t("exchange_done_two") in screen_text(app)
        assert "Enter: odložit" in screen_text(app) and "⏎ Odložit" in footer(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "Odložte karty: stiskněte Enter." in screen_text(app)
        assert "⏎ Odložit" in footer(app) and "Dát" not in footer(app)


def test_every_decision_is_said_in_every_language() -> None:
    """Each decision has its words and its key's words, none left English in another
    language, and the footer's word for Enter is in the exchange's help."""
    en = Translator("en")
    for lang in LANGS:
        t = Translator(lang)
        for kind in DECISIONS:
            assert t(f"do_{kind}") and t(f"key_do_{kind}")
            if lang != "en":
                assert t(f"do_{kind}") != en(f"do_{kind}"), (lang, kind)
        assert t("key_do_give").lower() in t("exchange_done").lower(), lang
        assert t("key_do_discard").lower() in t("exchange_done_two").lower(), lang
        assert t("key_do_give").lower() in t("exchange_help").lower(), lang
        assert t("key_do_discard").lower() in t("exchange_help_two").lower(), lang


@pytest.mark.parametrize("name", shipped_names())
def test_the_concession_says_what_you_lose_and_what_each_opponent_gets(name: str) -> None:
    """Under every preset's conventions, the engine's terms, said in words: "you lose
    nothing", never "you nothing"."""
    rules = load_preset(name).rules
    if not rules.rospis.enabled:
        pytest.skip("no concession")
    match = MatchState.initial(rules.players)
    view = concession_view(rules, match)
    terms = concession_terms(rules, match, 0, 125, 1)
    for lang in LANGS:
        words = concession_words(view, Translator(lang))  # type: ignore[arg-type]
        assert f" {terms.share}" in words and "{" not in words, (lang, words)
    words = concession_words(view, Translator("en"))  # type: ignore[arg-type]
    lose = {"free": "you lose nothing,", "minus_bid": "you lose 125,", "palka": "take a palka"}
    assert lose[terms.loss] in words, words
    assert f"each opponent gets {terms.share}" in words and "you nothing" not in words


def concession_view(rules: Rules, match: MatchState) -> SimpleNamespace:
    """What `concession_words` reads of the declarer's view: seat 0 declares 125."""
    players = rules.players
    names = ("You", "Anna", "Boris", "Vera")[:players]
    sitter = 3 if players == 4 else None
    return SimpleNamespace(
        rules=rules,
        match=match,
        seat=0,
        contract=125,
        multiplier=1,
        players=players,
        names=names,
        sitting_out=sitter,
    )


def test_the_concession_names_who_scores_when_not_every_opponent_does() -> None:
    """An opponent on the barrel, or above 800 in the Polish game, scores nothing from it:
    the choice names who does, as the engine settles it."""
    classic = load_preset("classic").rules
    on_barrel = replace(
        MatchState.initial(3), scores=(0, 300, 880), barrel=(None, None, BarrelSeat(0, 0))
    )
    words = concession_words(concession_view(classic, on_barrel), Translator("en"))  # type: ignore[arg-type]
    assert words == "Concede «R»: you lose 125, Anna +60", words
    polish = load_preset("polish").rules
    above = replace(MatchState.initial(3), scores=(0, 810, 820))
    words = concession_words(concession_view(polish, above), Translator("en"))  # type: ignore[arg-type]
    assert words.endswith("you lose nothing, the opponents get nothing"), words
    ru = concession_words(concession_view(classic, on_barrel), Translator("ru"))  # type: ignore[arg-type]
    assert ru == "Расписать «Р»: вы теряете 125, Anna +60", ru


def legend_of(name: str, lang: str = "en") -> list[str]:
    t = Translator(lang)
    return legend_entries(t, Marks.of(t, ascii_only=False), load_preset(name).rules)


def test_each_preset_explains_only_its_own_marks() -> None:
    classic = " · ".join(legend_of("classic"))
    assert "B2 on the barrel" in classic and "S samosval" in classic
    assert "cross" not in classic and "golden" not in classic
    polish = " · ".join(legend_of("polish"))
    for other in ("barrel", "fell off", "samosval", "cross", "golden"):
        assert other not in polish, polish
    assert "R concession" in polish or "concession" in polish
    family = " · ".join(legend_of("family"))
    assert "✕ cross" in family and "golden" not in family
    assert "★ golden deal" in " · ".join(legend_of("online-site"))
    assert "sat the deal out" in " · ".join(legend_of("four-player"))
    assert "sat the deal out" not in classic
    czech = " · ".join(legend_of("czech", "cs"))
    assert "sklápěčka" not in czech and "sud" in czech


def test_the_totals_count_only_what_the_table_plays() -> None:
    t = Translator("en")
    marks = Marks.of(t, ascii_only=False)
    state = MatchState(
        scores=(0, 0, 0),
        palki=(2, 0, 0),
        palki_streak=(0, 0, 0),
        barrel=(None, None, None),
        falls=(0, 0, 0),
        concessions=(1, 0, 0),
        crosses=(0, 0, 0),
    )
    classic = totals_line(state, 0, t, marks, load_preset("classic").rules)
    assert classic == "palki 2 · falls 0 · «R» 1"
    family = totals_line(state, 0, t, marks, load_preset("family").rules)
    assert "crosses 0" in family
    polish = totals_line(state, 0, t, marks, load_preset("polish").rules)
    assert "falls" not in polish and "crosses" not in polish


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_sheet_of_a_classic_game_names_no_cross_nor_golden_deal(
    lang: str, host: Host
) -> None:
    app = create_app(TableSetup.of(seed=3, pace=0, save=False, lang=lang, host=host))
    play_headless(app, 2)
    t = Translator(lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        text = screen_text(app)
        marks = Marks.of(t, ascii_only=False)
        assert t("sheet_legend_barrel", mark=marks.barrel) in text
        assert t("sheet_total_palki", count=app.session.game.match.palki[0]) in text
        for gone in ("sheet_legend_cross", "sheet_legend_golden"):
            assert t(gone, mark="").strip() not in text, gone
        assert t("sheet_total_crosses", count=0) not in text


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_help_reads_the_scores_line(lang: str, host: Host) -> None:
    app = strong_app(lang, host=host)
    t = Translator(lang)
    async with app.run_test(size=(120, 60)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        said = " ".join(line.strip(" │┃") for line in screen_text(app).splitlines())
        words = {"en": "palki 1/3 barrel 2/3", "ru": "палки 1/3 бочка 2/3"}[lang]
        assert words in said
        assert t("score_palki", count=1, fine=3) in said


def test_the_status_line_names_each_phase_as_players_do() -> None:
    """The phase beside the contract, for everyone at the table: what is being decided, not
    the program's name of it ("dark offer", "contract")."""
    en = Translator("en")
    assert en("phase_contract") == "raise or play" and en("phase_dark") == "in the dark or not"
    for lang in LANGS:
        t = Translator(lang)
        for phase in ("dark", "redeal", "dark_cancel", "raise", "contract"):
            words = t(f"phase_{phase}")
            assert words and (lang == "en" or words != en(f"phase_{phase}")), (lang, phase)
        assert "offer" not in t("phase_dark") + t("phase_redeal")


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_four_scores_fit_80_columns_rather_than_being_cut(lang: str, host: Host) -> None:
    """Four players with palki each: the bar drops its label, then the palki (each panel and
    your hand's title still say them), never a player's score."""
    start = Start(
        MatchState(
            scores=(-105, 300, 485, 200),
            palki=(2, 1, 2, 1),
            palki_streak=(1, 1, 1, 1),
            barrel=(None,) * 4,
            falls=(0,) * 4,
            concessions=(0,) * 4,
            crosses=(0,) * 4,
        )
    )
    setup = TableSetup.of(
        "four-player", seed=11, pace=0, start=start, save=False, lang=lang, host=host
    )
    app = create_app(setup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        bar = screen_text(app).splitlines()[-2]
        assert "…" not in bar, bar
        for seat, name in enumerate(app.session.game.names):
            assert f"{name} {app.session.game.match.scores[seat]}" in bar, bar
        palki = Translator(lang)("score_palki", count=2, fine=3)
        assert palki in screen_text(app)  # your hand's title
    async with create_app(setup).run_test(size=(160, 40)) as pilot:
        await settle(pilot)
        wide = screen_text(pilot.app)
        assert Translator(lang)("scores_line") in wide and palki in wide


def test_enter_s_words_leave_the_table_s_footer_whole_at_80_columns() -> None:
    """The table's footer (card, Enter, last trick, hint, sheet, rules, help, quit), drawn
    as closely as it goes, fits 80 columns whatever Enter says, in every language."""
    keys = [
        ("←→", "key_card"),
        ("l", "key_last"),
        ("h", "key_hint"),
        ("s", "key_sheet"),
        ("c", "key_rules"),
        ("?", "key_help"),
        ("q", "key_quit"),
    ]
    for lang in LANGS:
        t = Translator(lang)
        others = sum(len(key) + len(t(words)) + 2 for key, words in keys) + 1
        for kind in DECISIONS:
            assert others + len("⏎") + len(t(f"key_do_{kind}")) + 2 <= 80, (lang, kind)
