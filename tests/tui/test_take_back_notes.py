"""What `u` says at the table: the first card taken back in a saved game says the game is no
longer rated (once a game); where no card may be taken back (take-back off, on a club's
server, nothing to take back) a note says why and the game is unchanged."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.cli import main
from thousand_tui.engine.record import TAKEBACK
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.startup import StartOffer

from .helpers import STRONG, settle
from .test_comforts import press_in_hand, to_the_first_lead

UNRATED = {
    "en": "A card was taken back: this game is no longer rated.",
    "ru": "Ход взят назад: эта партия больше не идёт в рейтинг.",
}


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_first_card_taken_back_says_the_game_is_no_longer_rated(
    lang: str, host: Host
) -> None:
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang, take_back=True, host=host)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_first_lead(pilot)
        await press_in_hand(pilot, "AH")
        await settle(pilot)
        assert UNRATED[lang] not in app.notices
        await pilot.press("u")
        await settle(pilot)
        assert app.session.game.lines[-1]["type"] == TAKEBACK
        assert app.notices.count(UNRATED[lang]) == 1
        # A second card taken back: the game was already unrated, nothing more is said.
        await press_in_hand(pilot, "AC")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        game = app.session.game
        assert sum(line.get("type") == TAKEBACK for line in game.lines) == 2
        assert app.notices.count(UNRATED[lang]) == 1


@pytest.mark.long
async def test_an_unsaved_game_says_nothing_of_ratings(host: Host) -> None:
    setup = TableSetup.of(seed=11, pace=0, deals={1: STRONG}, take_back=True, save=False, host=host)
    app = create_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_first_lead(pilot)
        await press_in_hand(pilot, "AH")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert app.session.game.lines[-1]["type"] == TAKEBACK
        assert UNRATED["en"] not in app.notices


@pytest.mark.long
@pytest.mark.parametrize(
    ("take_back", "card", "words"),
    [
        (False, True, "Take-back is off. Allow it for a game against the AI with --take-back"),
        (True, False, "Nothing to take back now: only your last card of this deal, once."),
    ],
)
async def test_u_where_no_card_can_be_taken_back_says_why(
    take_back: bool, card: bool, words: str, host: Host
) -> None:
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, take_back=take_back, host=host)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_first_lead(pilot)
        if card:
            await press_in_hand(pilot, "AH")
            await settle(pilot)
        before = list(app.session.game.lines)
        await pilot.press("u")
        await settle(pilot)
        assert app.session.game.lines == before
        assert any(note.startswith(words) for note in app.notices)


@pytest.mark.long_variants
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "No take-back on this server: its games are rated for the club."),
        ("ru", "На этом сервере ход назад не берут: его партии идут в рейтинг клуба."),
    ],
)
async def test_no_take_back_on_a_clubs_server(lang: str, words: str, host: Host) -> None:
    # A hosted session: SSH or a browser.
    setup = TableSetup.of(
        seed=11,
        pace=0,
        deals={1: STRONG},
        lang=lang,
        take_back=True,
        host=replace(host, hosted=True),
    )
    app = create_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_first_lead(pilot)
        await press_in_hand(pilot, "AH")
        await settle(pilot)
        assert app.table.check_action("take_back", ()) is False
        before = list(app.session.game.lines)
        await pilot.press("u")
        await settle(pilot)
        assert app.session.game.lines == before
        assert words in app.notices


async def test_a_clubs_start_screen_offers_no_take_back(host: Host) -> None:
    offered = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped("en"))
    async with offered.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Take back" in screen_text(offered)
    hosted = create_app(
        TableSetup(pace=0, host=replace(host, hosted=True)), start=StartOffer.shipped("en")
    )
    async with hosted.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Take back" not in screen_text(hosted)


@pytest.mark.usefixtures("table_env")  # the parser speaks the language of LANG
def test_serve_refuses_take_back(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--take-back"]) == 2
    said = capsys.readouterr().err
    assert "no take-back on a club's server, whose games are rated" in said
