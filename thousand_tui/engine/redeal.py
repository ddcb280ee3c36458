"""The redeal (пересдача): the hands and talons that allow or force one, and the questions to
the seats that may ask (docs/rules.md#redeal, `redeal.*`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Act, Action
from .cards import Rank, card_points, count_rank
from .events import RedealAsked, RedealDeclined
from .phases import Phase, RedealStage

if TYPE_CHECKING:
    from .deal import Deal


def hand_reason(d: Deal, seat: int, stage: RedealStage) -> str | None:
    """Why `seat`'s hand allows a redeal at `stage`, or None."""
    r = d.rules.redeal
    hand = d.hands[seat]
    nines = count_rank(hand, Rank.NINE)
    # `redeal.hand_nines_on_hundred`: before the auction the player on 100; after the exchange
    # only while he still plays the 100 (outbid, he is not "on 100").
    on_hundred = seat == d.on_hundred and (
        stage is RedealStage.BEFORE_AUCTION
        or (d.declarer == seat and d.contract == d.rules.bidding.min)
    )
    if r.hand_nines is not None and nines >= r.hand_nines:
        return "hand_nines"
    if on_hundred and r.hand_nines_on_hundred is not None and nines >= r.hand_nines_on_hundred:
        return "hand_nines_on_hundred"
    if r.hand_jacks is not None and count_rank(hand, Rank.JACK) >= r.hand_jacks:
        return "hand_jacks"
    if r.hand_points_below is not None and card_points(hand) < r.hand_points_below:
        return "hand_points"
    return None


def talon_reason(d: Deal) -> str | None:
    """Why the talon taken allows a redeal, or None."""
    r = d.rules.redeal
    talon = d.talon_cards
    if r.talon_points_below is not None and card_points(talon) < r.talon_points_below:
        return "talon_points"
    if r.talon_nines is not None and count_rank(talon, Rank.NINE) >= r.talon_nines:
        return "talon_nines"
    if r.talon_jacks is not None and count_rank(talon, Rank.JACK) >= r.talon_jacks:
        return "talon_jacks"
    return None


def ask_redeal(d: Deal, stage: RedealStage) -> None:
    """Queue the seats that may ask for a redeal at `stage`; a mandatory one happens at once."""
    queue: list[tuple[int, str]] = []
    if d.rules.redeal.enabled:
        if stage is RedealStage.TALON:
            reason = talon_reason(d)
            # A dark declarer took the talon unseen: he cannot ask on cards he has not
            # seen unless the talon was shown (`dark.talon_hidden: false`).
            sees = d.talon_shown or d.declarer not in d.hand_hidden
            if reason is not None and d.declarer is not None and sees:
                queue.append((d.declarer, reason))
        else:
            for seat in d.order:
                if seat in d.hand_hidden:
                    continue  # a dark declarer has not seen his cards
                reason = hand_reason(d, seat, stage)
                if reason is not None:
                    queue.append((seat, reason))
    d.redeal_stage = stage
    d.redeal_queue = queue
    if queue and d.rules.redeal.mandatory:
        seat, reason = queue[0]
        d.record(Action(seat, Act.REDEAL, reason=reason, auto=True))
        redeal(d, seat, reason)
        return
    next_question(d)


def next_question(d: Deal) -> None:
    if d.redeal_queue:
        d.phase = Phase.REDEAL
        d.to_move = d.redeal_queue[0][0]
        return
    stage = d.redeal_stage
    d.redeal_stage = None
    d.after_redeal_questions(stage)


def redeal(d: Deal, seat: int, reason: str) -> None:
    d.redeal_reason = reason
    d.redeal_seat = seat
    d.emit(RedealAsked(seat, reason))
    d.finish()


def redeal_actions(d: Deal, seat: int) -> list[Action]:
    reason = d.redeal_queue[0][1]
    return [
        Action(seat, Act.REDEAL, reason=reason),
        Action(seat, Act.REDEAL_DECLINE, reason=reason),
    ]


def apply_redeal(d: Deal, action: Action) -> None:
    seat = action.seat
    d.redeal_queue.pop(0)
    if action.act is Act.REDEAL:
        assert action.reason is not None
        redeal(d, seat, action.reason)
    else:
        # Playing on tells nobody what he holds: the reason is his alone.
        d.emit(RedealDeclined(seat, action.reason, private_to=(seat,)))
        next_question(d)
