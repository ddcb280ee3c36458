"""The match state between deals: the score sheet's running columns (docs/record.md#state)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class BarrelSeat:
    """A player on the barrel: attempts used, and the tally for `barrel.goal: cumulative`."""

    attempts_used: int = 0
    tally: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"attempts_used": self.attempts_used, "tally": self.tally}


@dataclass(frozen=True, slots=True)
class MatchState:
    scores: tuple[int, ...]
    palki: tuple[int, ...]
    palki_streak: tuple[int, ...]
    barrel: tuple[BarrelSeat | None, ...]
    falls: tuple[int, ...]
    concessions: tuple[int, ...]
    crosses: tuple[int, ...]
    golden_left: int = 0
    # Whether some golden declarer has made his contract in the current golden round.
    golden_made: bool = False

    @classmethod
    def initial(cls, players: int, golden_left: int = 0) -> MatchState:
        zeros = (0,) * players
        return cls(
            scores=zeros,
            palki=zeros,
            palki_streak=zeros,
            barrel=(None,) * players,
            falls=zeros,
            concessions=zeros,
            crosses=zeros,
            golden_left=golden_left,
        )

    @property
    def players(self) -> int:
        return len(self.scores)

    def on_barrel(self, seat: int) -> bool:
        return self.barrel[seat] is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "palki": list(self.palki),
            "palki_streak": list(self.palki_streak),
            "barrel": [b.to_dict() if b else None for b in self.barrel],
            "falls": list(self.falls),
            "concessions": list(self.concessions),
            "crosses": list(self.crosses),
            "golden_left": self.golden_left,
            "golden_made": self.golden_made,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], players: int) -> MatchState:
        """Read a record's `state`; missing fields are zero. Raises ValueError on bad shapes."""

        def column(name: str) -> tuple[int, ...]:
            values = data.get(name, [0] * players)
            if not isinstance(values, list) or len(values) != players:
                raise ValueError(f"state.{name} must be a list of {players} whole numbers")
            for v in values:
                if not isinstance(v, int) or isinstance(v, bool):
                    raise ValueError(f"state.{name} must hold whole numbers, not {v!r}")
            return tuple(values)

        barrel_raw = data.get("barrel", [None] * players)
        if not isinstance(barrel_raw, list) or len(barrel_raw) != players:
            raise ValueError(f"state.barrel must be a list of {players} entries")
        barrel: list[BarrelSeat | None] = []
        for entry in barrel_raw:
            if entry is None:
                barrel.append(None)
            elif isinstance(entry, dict):
                barrel.append(
                    BarrelSeat(int(entry.get("attempts_used", 0)), int(entry.get("tally", 0)))
                )
            else:
                raise ValueError("state.barrel entries must be null or {attempts_used, tally}")
        golden_left = data.get("golden_left", 0)
        if not isinstance(golden_left, int) or golden_left < 0:
            raise ValueError("state.golden_left must be a whole number ≥ 0")
        return cls(
            scores=column("scores"),
            palki=column("palki"),
            palki_streak=column("palki_streak"),
            barrel=tuple(barrel),
            falls=column("falls"),
            concessions=column("concessions"),
            crosses=column("crosses"),
            golden_left=golden_left,
            golden_made=bool(data.get("golden_made", False)),
        )

    def evolve(self, **changes: Any) -> MatchState:
        return replace(self, **changes)
