"""What happened, for the table to show: one `Event` per step of the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """`kind` names the step (`bid`, `play`, `trick`, `deal_result`, ...), `seat` who did it.

    `private_to` is set when only some seats may see the details (a card given face down):
    a front end shows `data` only to those seats."""

    kind: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    private_to: tuple[int, ...] | None = None

    def visible_to(self, seat: int) -> bool:
        return self.private_to is None or seat in self.private_to
