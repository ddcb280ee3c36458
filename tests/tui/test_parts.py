"""The pieces of the table that do not need a whole deal: words, cards, flags, the sheet."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from thousand_tui.engine.cards import Suit, parse_card, parse_cards
from thousand_tui.engine.events import (
    CardDiscarded,
    CardGiven,
    CardPlayed,
    Event,
    MarriageDeclared,
    RedealDeclined,
    TalonTaken,
)
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.rules import Rules, RulesError
from thousand_tui.options import TableFlags
from thousand_tui.priority import Host
from thousand_tui.settings import (
    DEFAULT_PACE,
    SetupError,
    TableSetup,
    check_name,
    language_from_locale,
    locale_is_utf8,
    setup_from_options,
    table_levels,
)
from thousand_tui.tui import check_terminal, run
from thousand_tui.tui.ascii import AsciiFilter, asciify
from thousand_tui.tui.i18n import MESSAGES, Translator
from thousand_tui.tui.narrate import Narrator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.text import lines_of, seat_panel

# ---------------------------------------------------------------------- words


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_english_and_russian(key: str) -> None:
    assert MESSAGES[key].strip() and Translator("ru")(key).strip()
    # the catalogs' tests (test_catalogs.py) check the placeholders of every language


def test_russian_uses_the_games_own_terms() -> None:
    ru = Translator("ru")
    russian = " ".join(ru(key) for key in MESSAGES)
    for term in ("марьяж", "прикуп", "бочк", "палк", "роспись", "самосвал", "золотой кон"):
        assert term in russian, term
    for term in ("втёмную", "пас", "хвалю", "козырь", "крещусь"):
        assert term in russian, term


def test_counts_take_the_plural_of_their_language() -> None:
    en, ru = Translator("en"), Translator("ru")
    assert [en.count("w_card", n) for n in (0, 1, 2, 21)] == [
        "0 cards",
        "1 card",
        "2 cards",
        "21 cards",
    ]
    words = [ru.count("w_point", n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 61, 111, 104)]
    assert words == [
        "1 очко", "2 очка", "5 очков", "11 очков", "12 очков", "21 очко", "22 очка",
        "25 очков", "61 очко", "111 очков", "104 очка",
    ]  # fmt: skip
    with pytest.raises(SetupError, match="or 2 levels, one per opponent"):
        table_levels("easy,easy,easy", 3)
    with pytest.raises(SetupError, match="or 1 level, one per opponent"):
        table_levels("easy,easy", 2)


def test_russian_cards_have_russian_ranks() -> None:
    cards = parse_cards(["AH", "TH", "KS", "QD", "JC", "9S"])
    assert [Palette(lang="ru").card_label(c) for c in cards] == [
        "Т♥", "10♥", "К♠", "Д♦", "В♣", "9♠"
    ]  # fmt: skip
    assert Palette(lang="ru", ascii_only=True).card_label(cards[0]) == "AH"
    styled = Palette(lang="ru").styled("Анна: Т♥")
    assert styled.spans and styled.spans[0].start == len("Анна: ")


def test_the_concession_has_one_mark_in_each_language() -> None:
    for lang in ("en", "ru"):
        t = Translator(lang)
        mark = t("mark_concession")
        assert f"«{mark}»" in t("help_rules")
        assert t("sheet_legend_concession", mark=mark).startswith(f"{mark} ")
    assert "«Р»" not in Translator("en")("help_rules")


def test_two_palki_of_a_golden_deal_say_why() -> None:
    from thousand_tui.ai import make_player
    from thousand_tui.presets import load_preset

    rules = load_preset("online-site").rules
    players = [PlayerInfo("You", "human"), PlayerInfo("Anna", "ai"), PlayerInfo("Boris", "ai")]
    game = Game(rules, 3, players)
    game.take_start_events()
    ai = {seat: make_player("easy", 100 + seat) for seat in range(3)}
    while len(game.results) < 2:
        seat = game.to_move
        assert seat is not None
        game.apply(ai[seat].decide(game.view(seat)))
    result = game.results[1]
    assert result.golden
    tell = Narrator(Translator("en"), Palette(), ("You", "Anna", "Boris"), rules)
    assert "You: two palki (no trick in a golden deal counts twice)" in tell.result(result)


def test_the_sitter_is_told_the_talon_he_watches() -> None:
    tell = narrator()
    tell.sitter = 0  # you deal, four at the table
    cards = tuple(parse_cards(["AH", "TH", "KH"]))
    watched = TalonTaken(1, cards, shown=False, talon=None, private_to=(1, 0))
    assert tell.tell([watched]) == [
        "Talon (Anna): A♥ 10♥ K♥, seen by you sitting out; not shown to the others."
    ]


def test_translator_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match=r"one of en, .*ru"):
        Translator("de")
    assert Translator("ru")("n_bid", name="Борис", value=120) == "Борис: 120."


# ---------------------------------------------------------------------- cards


def test_suits_stay_apart_without_colour() -> None:
    palette = Palette(no_color=True)
    hearts = palette.card(parse_card("KH"))
    spades = palette.card(parse_card("KS"))
    assert hearts.style == Style(bold=True, underline=True)
    assert spades.style == Style(bold=True)
    assert hearts.plain == "K♥" and spades.plain == "K♠"


def test_red_suits_are_red_in_colour_and_letters_in_ascii() -> None:
    assert Palette().suit_style(Suit.DIAMONDS).color is not None
    assert Palette().suit_style(Suit.CLUBS).color is None
    ascii_palette = Palette(ascii_only=True)
    assert ascii_palette.card_label(parse_card("TH")) == "10H"
    styled = ascii_palette.styled("Boris: QD, then AS")
    red = [span for span in styled.spans if span.style == ascii_palette.suit_style(Suit.DIAMONDS)]
    assert [styled.plain[s.start : s.end] for s in red] == ["QD"]


def test_card_rows_have_one_width_per_card() -> None:
    palette = Palette()
    from thousand_tui.tui.render import Look

    cards = [parse_card(c) for c in ("AH", "TS", "9C")]
    row = palette.row(cards, [Look.NORMAL, Look.SELECTED, Look.DIM], ["1", "2", "3"])
    lines = row.plain.split("\n")
    assert len(lines) == 4 and {len(line) for line in lines} == {17}
    big = palette.big_row(cards, [Look.NORMAL] * 3, ["1", "2", "3"])
    assert len(big.plain.split("\n")) == 6


def test_the_ascii_filter_keeps_every_cell() -> None:
    line = [Segment("╭─ Anna ─╮ ▮▮ K♥ · 10♦ → ✓", Style(bold=True))]
    (out,) = AsciiFilter().apply(line, Color(0, 0, 0))
    assert out.text == "+- Anna -+ ## KH . 10D > +"
    assert len(out.text) == len(line[0].text) and out.style == line[0].style
    assert asciify("«R» ★") == "<R> *"


# ---------------------------------------------------------------------- what is told


def narrator() -> Narrator:
    return Narrator(Translator("en"), Palette(), ("You", "Anna", "Boris"), Rules())


def test_a_talon_taken_unseen_is_not_named() -> None:
    tell = narrator()
    cards = tuple(parse_cards(["AH", "TH", "KH"]))
    hidden = TalonTaken(1, cards, shown=False, talon=None)
    assert tell.tell([hidden]) == ["Talon (Anna): not shown."]
    shown = TalonTaken(1, cards, shown=True, talon=None)
    assert tell.tell([shown]) == ["Talon (Anna): A♥ 10♥ K♥."]
    mine = TalonTaken(0, cards, shown=False, talon=None)
    assert tell.tell([mine]) == ["Talon (only you see it): A♥ 10♥ K♥."]


def test_a_card_given_face_down_is_a_card() -> None:
    tell = narrator()
    ace = parse_card("AS")
    to_boris = CardGiven(1, ace, to=2, private_to=(1, 2))
    to_me = CardGiven(1, ace, to=0, private_to=(1, 0))
    assert tell.tell([to_boris, to_me]) == ["Anna → Boris: a card.", "Anna → you: A♠."]


def test_a_declared_marriage_is_announced_with_its_card() -> None:
    tell = narrator()
    events = [
        MarriageDeclared(2, "H", points=100, keep_trump=False, trump=Suit.HEARTS),
        CardPlayed(2, parse_card("KH"), marriage="H"),
    ]
    assert tell.tell(events) == ["Boris: K♥ — marriage ♥ 100, trump ♥!"]
    assert tell.last[2] == "K♥ marriage ♥ 100"
    ru = Narrator(Translator("ru"), Palette(), ("Вы", "Анна", "Борис"), Rules())
    assert ru.tell(events) == ["Борис: K♥ — хвалю ♥ 100, козырь ♥!"]


# ---------------------------------------------------------------------- flags


def options(**values: Any) -> TableFlags:
    base: dict[str, Any] = {
        "preset": None,
        "players": None,
        "ai": None,
        "seed": None,
        "name": None,
        "lang": None,
        "ascii": False,
        "reduced_motion": False,
        "pace": None,
        "resume": None,
    }
    base.update(values)
    return TableFlags(**base)


def test_language_and_ascii_follow_the_locale(host: Host) -> None:
    assert language_from_locale({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert language_from_locale({"LANG": "ru_RU.UTF-8", "LC_ALL": "en_GB.UTF-8"}) == "en"
    assert language_from_locale({}) == "en"
    assert locale_is_utf8({"LANG": "en_US.UTF-8"})
    assert not locale_is_utf8({"LANG": "ru_RU.KOI8-R"})
    assert not locale_is_utf8({})
    setup = setup_from_options(options(host=host), {"LANG": "ru_RU.KOI8-R"})
    assert setup.lang == "ru" and setup.ascii


def test_ai_levels_for_the_table() -> None:
    assert table_levels("easy", 3) == ("easy", "easy")
    assert table_levels("random,easy", 3) == ("random", "easy")
    with pytest.raises(SetupError, match="one per opponent"):
        table_levels("easy,easy,easy", 3)
    with pytest.raises(SetupError, match="unknown AI level 'genius'"):
        table_levels("genius", 4)


def test_names_are_checked() -> None:
    assert check_name("  Olga  ") == "Olga"
    with pytest.raises(SetupError):
        check_name("x" * 40)
    with pytest.raises(SetupError):
        check_name("   ")


def test_the_pace_flag(host: Host) -> None:
    assert setup_from_options(options(host=host), {"LANG": "C.UTF-8"}).pace == DEFAULT_PACE
    assert setup_from_options(options(pace=0.0, host=host), {"LANG": "C.UTF-8"}).pace == 0.0
    assert setup_from_options(options(pace=2.5, host=host), {"LANG": "C.UTF-8"}).pace == 2.5
    for bad in (-1.0, 11.0, float("nan")):
        with pytest.raises(SetupError, match="--pace must be between 0 and 10"):
            setup_from_options(options(pace=bad, host=host), {"LANG": "C.UTF-8"})


def test_a_bad_preset_is_a_rules_error(host: Host) -> None:
    with pytest.raises(RulesError, match="no-such"):
        setup_from_options(options(preset="no-such", host=host), {"LANG": "C.UTF-8"})


def test_resume_with_other_settings_is_refused(host: Host) -> None:
    with pytest.raises(SetupError, match="leave out --preset"):
        setup_from_options(options(resume="latest", preset="family", host=host), {})


def test_resume_with_nothing_to_resume(host: Host) -> None:
    with pytest.raises(SetupError, match="no unfinished game"):
        setup_from_options(options(resume="latest", host=host), {})


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ({"preset": "no-such"}, "no-such"),
        ({"ai": "easy,easy,easy,easy"}, "--ai needs"),
        ({"name": "x" * 30}, "--name"),
        ({"resume": "/nonexistent/game.jsonl"}, "no such file"),
    ],
)
def test_run_prints_one_line_and_exits_2_before_the_screen_opens(
    flags: dict[str, object], message: str, capsys: pytest.CaptureFixture[str], host: Host
) -> None:
    assert run(options(**flags, host=host)) == 2
    err = capsys.readouterr().err
    assert err.startswith("thousand: ") and message in err


def test_the_table_needs_a_terminal(capsys: pytest.CaptureFixture[str], host: Host) -> None:
    assert check_terminal(io.StringIO(), io.StringIO()) is not None
    assert run(options(host=host)) == 2  # pytest's stdin is not a terminal
    assert "interactive terminal" in capsys.readouterr().err


def test_resume_latest_finds_the_saved_game(host: Host) -> None:
    from thousand_tui.tui import create_app

    app = create_app(TableSetup.of(seed=5, pace=0, host=host))
    path = app.session.path
    app.session.close()
    assert path is not None and path.is_relative_to(host.data_dir)
    setup = setup_from_options(options(resume="latest", host=host), {"LANG": "C.UTF-8"})
    assert setup.resume == path


def test_a_resumed_game_keeps_its_language(host: Host) -> None:
    from thousand_tui.tui import create_app

    app = create_app(TableSetup.of("family", seed=5, pace=0, lang="ru", host=host))
    path = app.session.path
    app.session.close()
    assert path is not None
    english = {"LANG": "en_US.UTF-8"}
    assert setup_from_options(options(resume="latest", host=host), english).lang == "ru"
    assert setup_from_options(options(resume=str(path), host=host), english).lang == "ru"
    assert setup_from_options(options(resume="latest", lang="en", host=host), english).lang == "en"


def test_a_record_without_a_language_resumes_in_the_locales(host: Host) -> None:
    from thousand_tui.tui import create_app

    app = create_app(TableSetup.of(seed=5, pace=0, lang="ru", host=host))
    path = app.session.path
    app.session.close()
    assert path is not None
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["lang"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    assert (
        setup_from_options(options(resume="latest", host=host), {"LANG": "ru_RU.UTF-8"}).lang
        == "ru"
    )
    assert setup_from_options(options(resume="latest", host=host), {"LANG": "C.UTF-8"}).lang == "en"


def test_nothing_private_to_another_seat_is_told() -> None:
    tell = narrator()
    declined = RedealDeclined(1, "hand_nines", private_to=(1,))
    discard = CardDiscarded(1, parse_card("AS"), private_to=(1,))
    assert tell.tell([declined, discard]) == ["Anna: a card aside."]
    mine = RedealDeclined(0, "hand_nines", private_to=(0,))
    assert tell.tell([mine]) == ["You: plays on (nines in hand)."]


def test_an_event_of_an_unknown_kind_is_an_error() -> None:
    @dataclass(frozen=True, slots=True)
    class Unheard(Event):
        pass

    with pytest.raises(TypeError, match="no words"):
        narrator().tell([Unheard(1)])


def test_an_opponent_to_move_is_not_thinking_while_a_result_waits() -> None:
    players = [PlayerInfo("You", "human"), PlayerInfo("Anna", "ai"), PlayerInfo("Boris", "ai")]
    game = Game(Rules(), 1, players, first_dealer=0)
    game.take_start_events()
    seat = game.to_move
    assert seat is not None and seat != 0
    view, t = game.view(0), Translator("en")
    thinking = seat_panel(view, seat, "", "easy", t, Palette())
    assert "thinking" in str(thinking.lines[1])
    waiting = seat_panel(view, seat, "pass", "easy", t, Palette(), paused=True)
    assert "thinking" not in str(waiting.lines[1])


def test_a_marriage_po_masti_without_a_trump_and_other_words_read_naturally() -> None:
    ru = Narrator(Translator("ru"), Palette(), ("Вы", "Анна", "Борис"), Rules())
    events = [
        MarriageDeclared(2, "H", points=100, keep_trump=True, trump=None),
        CardPlayed(2, parse_card("KH"), marriage="H", keep_trump=True),
    ]
    (line,) = ru.tell(events)
    assert line == "Борис: K♥ — ♥ 100 по масти, козыря по-прежнему нет."
    assert "остаётся нет" not in line
    en = narrator()
    assert en.tell(events) == ["Boris: K♥ — marriage ♥ 100 «по масти», still no trump."]
    t = Translator("ru")
    assert t("phase_dark") == "втёмную или нет"
    assert t("key_hint") == "Подсказка" == t("c_hint", action="", why="").split(":")[0]
    assert t("sheet_legend_barrel", mark="Б") == "Б2 на бочке, использованы 2 попытки"
    assert Translator("en")("sheet_legend_barrel", mark="Б") == "Б2 on the barrel, 2 tries used"


def test_the_bids_of_the_auction_break_between_two_bids_never_inside_one() -> None:
    said = ["Anna: 100", "Boris: 105", "You: 110", "Anna: pass", "Boris: 115", "You: 120"]
    lines = lines_of(said, 40)
    assert lines == ["Anna: 100   Boris: 105   You: 110", "Anna: pass   Boris: 115   You: 120"]
    assert lines_of(said, 200) == ["   ".join(said)]
    # Russian names and words are longer; each bid stays whole, one a line at the narrowest
    assert lines_of(["Борис: 125", "Вы: пас"], 9) == ["Борис: 125", "Вы: пас"]
    assert lines_of([], 80) == []
