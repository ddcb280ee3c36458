"""A table given its own `Host` takes its folders and the player's locale from that value,
not from the environment of the test process (which `table_env` sets to other folders and
another language here)."""

from __future__ import annotations

from pathlib import Path

from thousand_tui.priority import Host, Locale
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.startup import Choices, StartOffer, choices_path


async def test_the_start_screen_keeps_the_hosts_locale_in_the_hosts_folder(
    tmp_path: Path, table_env: Path
) -> None:
    host = Host(
        data=tmp_path / "data",
        config=tmp_path / "config",
        locale=Locale("uk_UA.UTF-8", "uk_UA.UTF-8"),
    )
    # `--lang en` for this run: what is kept for the next is the language of his locale.
    app = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped("en"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.remembered == Choices(lang="uk")
        app.keep_choices(Choices(lang="en"))
    kept = Choices.read(choices_path(host))
    assert kept is not None and kept.lang == "uk"
    assert choices_path(host).is_relative_to(tmp_path / "config")
    assert not (tmp_path / "xdg-config").exists()  # the environment's folder, untouched
