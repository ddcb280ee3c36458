"""What the table service tells a person is said in each player's language: the service
sends the key of its text and the values, each client says it (tables/texts.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.priority import LOCAL
from thousand_tui.settings import SetupError
from thousand_tui.tables import chat_rules, texts
from thousand_tui.tables.client import TableError
from thousand_tui.tables.service import Service
from thousand_tui.tables.wire import WIRE, Failure, JoinRequest
from thousand_tui.translations import LANGS, say
from thousand_tui.tui import launch
from thousand_tui.tui.shared.words import said

from .helpers import opened
from .test_handler import Script, hello, run

NO_CODE_RU = "стола с кодом 'ZZZZZZ' нет; сверьте код с тем, кто открыл стол"


@pytest.mark.long
def test_a_refusal_carries_its_key_and_each_client_says_it_in_its_language(base: Path) -> None:
    async def script(service: Service) -> None:
        client = await hello(service)
        client.send(JoinRequest("ZZZZZZ"))
        failure = await client.expect(Failure)
        assert failure.error == (
            "no table has the code 'ZZZZZZ'; check it with the one who opened"
        )  # the service's English, as before
        assert (failure.said, failure.values) == ("table_no_code", {"code": "'ZZZZZZ'"})
        assert texts.failure_text(failure, "ru") == NO_CODE_RU
        assert texts.failure_text(failure, "en") == failure.error
        error = TableError.told(failure)
        assert (str(error), said(error, "ru", LOCAL)) == (failure.error, NO_CODE_RU)

    run(base, script)


def test_a_failure_without_a_known_key_is_the_services_english() -> None:
    plain = Failure("line too long; closing")
    assert texts.failure_text(plain, "ru") == "line too long; closing"
    unknown = Failure("something", said="no_such_key", values={"x": 1})
    assert texts.failure_text(unknown, "ru") == "something"
    short = Failure("seat 2 is not free", said="table_seat_taken", values={})  # no {seat}
    assert texts.failure_text(short, "ru") == "seat 2 is not free"
    assert said(TableError.told(short), "ru", LOCAL) == "seat 2 is not free"


def test_an_older_client_reads_the_version_text_in_its_language_or_in_every_one(
    base: Path,
) -> None:
    async def script(service: Service) -> None:
        # A client of before `hello` reads no key: the text alone. Its request names Russian.
        old = Script(service)
        old.send(b'{"op":"open","rules":{},"preset":"classic","lang":"ru"}\n')
        failure = await old.expect(Failure)
        assert failure.error == (
            f"эта версия thousand старше службы столов (протокол {WIRE}): установите ту же "
            "версию и снова откройте стол или сядьте за него"
        )
        assert (failure.said, failure.values) == (None, None)
        # A join names no language: the text in every language the game speaks.
        other = Script(service)
        other.send(b'{"op":"join","code":"K7QM2P"}\n')
        every = (await other.expect(Failure)).error
        assert every.startswith(f"this thousand is older than the table service (protocol {WIRE})")
        assert every.count(" / ") == len(LANGS) - 1
        assert f"старше службы столов (протокол {WIRE})" in every

    run(base, script)


def test_the_chats_refusals_are_keyed_texts() -> None:
    fast = chat_rules.too_fast(3.2)
    assert say("en", fast) == (
        f"too many chat lines: at most {chat_rules.RATE_COUNT} in "
        f"{chat_rules.RATE_WINDOW:g} seconds; "
        "you may write again in 4 s"
    )
    assert say("ru", fast).endswith("писать снова можно через 4 с")
    failure = texts.failure(fast, about="chat")
    assert (failure.about, failure.said) == ("chat", "table_chat_fast")
    assert texts.failure_text(failure, "ru") == say("ru", fast)
    long = chat_rules.refusal("x" * (chat_rules.MAX_CHAT + 1))
    assert long is not None
    assert say("ru", long).startswith(f"строка чата — не больше {chat_rules.MAX_CHAT} знаков")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_joining_a_table_that_is_not_there_is_said_in_the_players_language(
    base: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from thousand_tui.settings import JoinSetup, TableSetup

    opened(base, "Ann")  # the service runs, with a table of another code
    monkeypatch.setattr(launch, "_check_terminal", lambda lang: None)
    setup = JoinSetup(TableSetup(name="Bob", lang=lang), "ZZZZZZ", None, None)
    with pytest.raises(SetupError) as raised:
        launch.run_join(setup)
    expected = {
        "en": "cannot join the table: no table has the code 'ZZZZZZ'; check it with the one "
        "who opened",
        "ru": f"за стол не сесть: {NO_CODE_RU}",
    }
    assert str(raised.value) == expected[lang]
