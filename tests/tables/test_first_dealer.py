"""The first dealer at a shared table is drawn from the table's seed, as at a table of one's
own: every seat is told the same dealer, the record keeps it, and `replay` agrees."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.cli import main as cli_main
from thousand_tui.engine.dealing import first_dealer_of
from thousand_tui.engine.events import BidMade, DealStarted
from thousand_tui.store.records import read_record
from thousand_tui.tables.service import Service

from .helpers import joined, opened, play_until
from .test_faults import record_of, service  # noqa: F401 (a fixture)


@pytest.mark.parametrize("seed", [4, 6])
def test_the_first_dealer_is_drawn_from_the_tables_seed(
    base: Path,
    service: Service,  # noqa: F811
    seed: int,
) -> None:
    dealer = first_dealer_of(seed, 3)
    assert dealer != 0  # a seat other than the opener's deals first
    ann = opened(base, "Ann")
    service.tables[ann.mirror.code].seed = seed  # before the game begins
    bob = joined(base, ann.mirror.code, "Bob")
    cat = joined(base, ann.mirror.code, "Cat")
    seats = [ann, bob, cat]
    play_until(seats, lambda: all(s.mirror.view is not None for s in seats), play=False)
    for seat in seats:
        view = seat.mirror.view
        assert view is not None and view.deal_number == 1 and view.dealer == dealer
    (started, *_) = [e for e in ann.events if isinstance(e, DealStarted)]
    assert started.dealer == dealer
    header = read_record(record_of(base)).games[0].header
    assert header["seed"] == seed and header["first_dealer"] == dealer
    # The one at the dealer's left speaks first; the deal is played out and replays.
    play_until(seats, lambda: len(ann.mirror.results) >= 1)
    (first, *_) = [e for e in ann.events if isinstance(e, BidMade)]
    assert first.seat == (dealer + 1) % 3
    for seat in seats:
        seat.close()
    assert cli_main(["replay", str(record_of(base))]) == 0
