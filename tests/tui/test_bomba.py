"""The «bomba» of the `polish` preset at the table: the declarer gives the deal up for free,
once a game (docs/rules.md#presets)."""

from __future__ import annotations

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.engine.events import ContractsOnly
from thousand_tui.engine.game import Start
from thousand_tui.engine.match import MatchState
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.narrate import Narrator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.contract import ContractScreen
from thousand_tui.tui.screens.result import DealResultScreen

from .helpers import STRONG, give_two, settle

SIZE = (80, 24)

WORDS = {
    "en": ("Concede «R»: you lose nothing, each opponent gets 60", "Play 110"),
    "ru": ("Расписать «Р»: вы ничего не теряете, противникам по 60", "Играть 110"),
    "pl": ("Bomba «B»: nic nie tracisz, przeciwnicy dostają po 60", "Graj 110"),
}


def polish_app(
    lang: str, concessions: tuple[int, int, int] = (0, 0, 0), *, host: Host
) -> ThousandApp:
    start = Start(
        MatchState(
            scores=(0, 0, 0),
            palki=(0, 0, 0),
            palki_streak=(0, 0, 0),
            barrel=(None, None, None),
            falls=(0, 0, 0),
            concessions=concessions,
            crosses=(0, 0, 0),
        )
    )
    setup = TableSetup.of(
        "polish", seed=11, pace=0, deals={1: STRONG}, lang=lang, start=start, host=host
    )
    return create_app(setup)


async def to_the_contract(pilot) -> ContractScreen:  # type: ignore[no-untyped-def]
    await settle(pilot)
    assert isinstance(pilot.app.screen, AuctionScreen)
    await pilot.press("2")  # the next bid: 110, in tens
    await settle(pilot)
    await give_two(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ContractScreen)
    return screen


@pytest.mark.long
@pytest.mark.parametrize(
    ("lang", "size"), [("en", SIZE), ("ru", SIZE), ("pl", SIZE), ("en", (120, 40))]
)
async def test_the_bomba_is_offered_and_played(
    lang: str, size: tuple[int, int], host: Host
) -> None:
    concede, play = WORDS[lang]
    app = polish_app(lang, host=host)
    async with app.run_test(size=size) as pilot:
        await to_the_contract(pilot)
        text = screen_text(app)
        assert f"1  {play}" in text
        assert f"3  {concede}" in text
        await pilot.press("3", "3")  # choose, and confirm
        await settle(pilot)
        result = app.session.game.results[0]
        assert result.conceded and result.deltas == [0, 60, 60]
        assert isinstance(app.screen, DealResultScreen)


@pytest.mark.long
async def test_no_second_bomba_in_a_game(host: Host) -> None:
    app = polish_app("en", concessions=(1, 0, 0), host=host)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_contract(pilot)
        text = screen_text(app)
        assert "1  Play 110" in text
        assert "Concede" not in text


@pytest.mark.parametrize(
    ("lang", "names", "line"),
    [
        (
            "en",
            ("You", "Anna", "Boris"),
            "Above 800 only a contract scores: nothing written for You, Boris",
        ),
        (
            "ru",
            ("Вы", "Анна", "Борис"),
            "Выше 800 записывают только свою игру: Вы, Борис — без очков",
        ),
    ],
)
def test_the_sheet_says_whose_points_were_not_written(
    lang: str, names: tuple[str, str, str], line: str
) -> None:
    rules = load_preset("polish").rules
    tell = Narrator(Translator(lang), Palette(), names, rules)
    assert tell.settlement_event(ContractsOnly((0, 2))) == line


async def test_no_palki_marks_toward_a_fine_the_polish_table_does_not_play(host: Host) -> None:
    start = Start(
        MatchState(
            scores=(-105, 300, 200),
            palki=(2, 0, 0),
            palki_streak=(1, 0, 0),
            barrel=(None, None, None),
            falls=(0, 0, 0),
            concessions=(0, 0, 0),
            crosses=(0, 0, 0),
        )
    )
    setup = TableSetup.of(
        "polish", seed=11, pace=0, deals={1: STRONG}, start=start, save=False, host=host
    )
    app = create_app(setup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "You -105" in text
        assert "palki 2/3" not in text
