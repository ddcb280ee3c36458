"""The player's locale is part of the `Host` his program's entry point decides: the language
the game speaks when he chose none and whether it draws more than ASCII come from that value,
whatever the environment of the process says by the time they are asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.options import TableFlags
from thousand_tui.priority import HOSTED, Host, Locale
from thousand_tui.settings import host_language, host_utf8, setup_from_options
from thousand_tui.tui.daily_table import daily_setup


def test_the_entry_point_reads_the_locale_once() -> None:
    host = Host.of({"LANG": "ru_RU.UTF-8", "LC_CTYPE": "C", "LC_MESSAGES": "pl_PL.UTF-8"})
    assert host.locale == Locale(messages="pl_PL.UTF-8", ctype="C")
    assert host_language(host) == "pl" and not host_utf8(host)
    everything = Host.of({"LC_ALL": "cs_CZ.UTF-8", "LANG": "en_US.ISO-8859-1"})
    assert host_language(everything) == "cs" and host_utf8(everything)
    assert Host.of({}).locale == Locale() and host_language(Host.of({})) == "en"


def test_a_host_that_says_its_locale_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_US.ISO-8859-1")
    monkeypatch.delenv("LC_ALL", raising=False)
    host = Host(data=tmp_path, config=tmp_path, locale=Locale("uk_UA.UTF-8", "uk_UA.UTF-8"))
    assert host.resolved() is host
    assert host_language(host) == "uk" and host_utf8(host)
    # One that did not say takes the environment's once, when resolved, and keeps it.
    resolved = HOSTED.resolved({"LANG": "ru_RU.UTF-8"})
    assert host_language(resolved) == "ru" and host_utf8(resolved)


def test_the_tables_language_and_look_follow_the_hosts_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "C")  # the process's own says English, plain ASCII
    for name in ("LC_ALL", "LC_MESSAGES", "LC_CTYPE"):
        monkeypatch.delenv(name, raising=False)
    host = Host(data=tmp_path, config=tmp_path, locale=Locale("ru_RU.UTF-8", "ru_RU.UTF-8"))
    setup = setup_from_options(TableFlags(host=host))
    assert (setup.lang, setup.ascii) == ("ru", False)
    daily = daily_setup(TableFlags(host=host))
    assert (daily.lang, daily.ascii) == ("ru", False)
    plain = Host(data=tmp_path, config=tmp_path, locale=Locale("ru_RU.KOI8-R", "ru_RU.KOI8-R"))
    assert setup_from_options(TableFlags(host=plain, lang="en")).ascii  # KOI8-R: no suits
