"""Hints and deal analyses in words (English or Russian), for the table and `thousand analyze`.

The numbers are `ai.analysis`'s; this module only says them. Plain strings, no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ai.analysis import COSTLY, Advice, DealAnalysis, Decision, Option
from ..engine.actions import Act, Action
from ..engine.cards import Suit
from ..saves import hosted
from ..stats import BANDS, Stats, Tally
from .i18n import Translator, card_label


class Words:
    """Says hints and analyses for a table: its language, its seat names, ASCII or not."""

    def __init__(
        self,
        t: Translator,
        names: Sequence[str],
        ascii_only: bool = False,
        you: int | None = None,
    ) -> None:
        """`you`: the seat spoken to as "you" (the table's player)."""
        self.t = t
        self.names = tuple(names)
        self.ascii_only = ascii_only
        self.you = you

    # ------------------------------------------------------------ actions

    def action(self, action: Action) -> str:
        t = self.t
        act = action.act
        if act is Act.BID:
            return t("c_bid", value=action.value)
        if act is Act.PASS:
            return t("c_pass")
        if act is Act.RAISE:
            if action.value is None:
                return ""  # the contract kept: said with its value by `option`
            return t("c_raise", value=action.value)
        if act is Act.CONCEDE:
            return t("c_concede")
        if act is Act.BAPTISM:
            return t("c_baptism")
        card = card_label(action.card, t.lang, self.ascii_only) if action.card is not None else ""
        if act is Act.PLAY:
            if action.marriage is not None:
                suit = action.marriage
                if suit != "A" and not self.ascii_only:
                    suit = Suit(suit).glyph
                return t("c_play_marriage", card=card, suit=suit)
            return t("c_play", card=card)
        if act is Act.GIVE and action.to is not None:
            return t("c_give", card=card, name=self.names[action.to])
        if act is Act.DISCARD:
            return t("c_discard", card=card)
        return t("c_other", act=act.value.replace("_", " "))

    def option(self, option: Option, contract: int | None) -> str:
        if option.action.act is Act.RAISE and option.action.value is None:
            return self.t("c_keep", value=contract)
        return ", ".join(self.action(a) for a in option.actions)

    # ------------------------------------------------------------ a hint

    def hint(self, advice: Advice) -> str:
        """One line: what `hard` would do and why."""
        t = self.t
        best = advice.best
        said = self.option(best, advice.contract)
        why = self.why(advice)
        if advice.kind == "play" and why:
            return t("c_hint_card", action=said, why=why)
        if advice.kind == "exchange" and why:
            return t("c_hint_give", action=said, why=why)
        said = capital(said)
        return t("c_hint", action=said, why=why) if why else t("c_hint_bare", action=said)

    def why(self, advice: Advice) -> str:
        t = self.t
        best = advice.best
        others = [o for o in advice.options if o.actions != best.actions]
        if advice.kind == "bid":
            if best.chance is not None:
                return t("c_made", pct=pct(best.chance))
            bids = [o for o in others if o.action.value is not None and o.chance is not None]
            if bids:
                cheapest = min(bids, key=lambda o: o.action.value or 0)
                return t("c_pass_why", value=cheapest.action.value, pct=pct(cheapest.chance or 0.0))
            return ""
        if advice.kind == "contract":
            if best.chance is not None:
                return t("c_made", pct=pct(best.chance))
            keep = next((o for o in others if o.chance is not None), None)
            if keep is None:
                return ""
            value = keep.action.value or advice.contract
            key = "c_baptism_why" if best.action.act is Act.BAPTISM else "c_concede_why"
            return t(key, value=value, pct=pct(keep.chance or 0.0))
        if advice.kind == "play" and best.chance is not None:
            alt = others[0] if others else None
            if best.points is not None and (alt is None or alt.chance == best.chance):
                text = t("c_takes", points=round(best.points))
                if alt is not None and alt.points is not None:
                    text += "; " + t(
                        "c_alt_points", alt=self.option(alt, None), points=round(alt.points)
                    )
                return text
            key = "c_makes" if advice.declarer else "c_beats"
            text = t(key, pct=pct(best.chance))
            if alt is not None and alt.chance is not None:
                named = self.option(alt, None)
                if pct(alt.chance) == pct(best.chance):
                    text += "; " + t("c_alt_same", alt=named)
                else:
                    text += "; " + t("c_alt_pct", alt=named, pct=pct(alt.chance))
            return text
        cards = {a.card for a in best.actions}
        # The same cards given the other way round is no alternative worth naming.
        others_given = [o for o in others if {a.card for a in o.actions} != cards]
        if advice.kind == "exchange" and others_given:
            alt = others_given[0]
            return (
                t("c_worth", worth=signed(best.worth))
                + "; "
                + t("c_alt_worth", alt=self.option(alt, None), worth=signed(alt.worth))
            )
        return ""

    # ------------------------------------------------------------ a deal

    def where(self, decision: Decision) -> str:
        t = self.t
        if decision.phase == "play":
            return t("c_where_trick", number=decision.trick + 1)
        if decision.phase == "exchange":
            return t("c_where_exchange")
        if decision.phase in ("raise", "contract"):
            return t("c_where_contract")
        return t("c_where_auction")

    def chosen(self, decision: Decision) -> str:
        option = decision.advice.option_of(decision.chosen)
        if option is not None:
            return self.option(option, decision.advice.contract)
        return ", ".join(self.action(a) for a in decision.chosen)

    def cost(self, decision: Decision) -> str:
        t = self.t
        cost = round(decision.cost)
        best = self.option(decision.advice.best, decision.advice.contract)
        line = t(
            "c_cost",
            where=capital(self.where(decision)),
            chosen=self.chosen(decision),
            cost=cost,
            points=t.plural(cost, "points_about_forms"),
            best=best,
        )
        return line + (t("c_hinted") if decision.hinted else "")

    def deal(self, analysis: DealAnalysis, threshold: float = COSTLY) -> list[str]:
        """The analysis of one deal as lines: what was played, the open-card result and the
        decisions of the seat that cost about `threshold` points or more."""
        t = self.t
        lines = [t("c_deal_head", number=analysis.number)]
        d = analysis.declarer
        if d is None or analysis.contract is None:
            lines.append(t("c_deal_none"))
        elif analysis.made is None:
            key = "c_deal_baptised" if analysis.baptism else "c_deal_conceded"
            lines.append(t(key, name=self.names[d], value=analysis.contract))
        else:
            result = t("c_deal_made" if analysis.made else "c_deal_down")
            lines.append(
                t(
                    "c_deal_played",
                    name=self.names[d],
                    value=analysis.contract,
                    taken=analysis.taken,
                    result=result,
                )
            )
        if d is not None and analysis.open_card is not None:
            if d == self.you:
                lines.append(t("c_open_card_you", points=analysis.open_card))
            else:
                lines.append(t("c_open_card", name=self.names[d], points=analysis.open_card))
        costly = analysis.costly(threshold)
        name = self.names[analysis.seat]
        you = analysis.seat == self.you
        if not costly:
            lines.append(t("c_no_cost_you") if you else t("c_no_cost", name=name))
        lines += [self.cost(decision) for decision in costly]
        lost = round(analysis.lost)
        if costly:
            points = t.plural(lost, "points_about_forms")
            if you:
                lines.append(t("c_lost_you", cost=lost, points=points))
            else:
                lines.append(t("c_lost", name=name, cost=lost, points=points))
        return lines


def pct(chance: float) -> int:
    return round(100 * chance)


def signed(worth: float) -> str:
    return f"{worth:+.0f}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- statistics

BAR = 20  # the width of a bar chart


def bar(fraction: float, ascii_only: bool = False, width: int = BAR) -> str:
    """A bar of `width` cells, `fraction` of it full."""
    full = max(0, min(width, round(fraction * width)))
    on, off = ("#", ".") if ascii_only else ("█", "░")
    return on * full + off * (width - full)


def one_decimal(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def tally_lines(tally: Tally, t: Translator, ascii_only: bool = False) -> list[str]:
    """One group of games: its figures and its contracts as bars."""
    lines = [
        t("stats_games", games=tally.games, unfinished=tally.unfinished, wins=tally.wins),
        t("stats_per_deal", value=one_decimal(tally.per_deal), deals=tally.deals),
        t("stats_contracts"),
    ]
    for (first, last), played, made in zip(BANDS, tally.played, tally.made, strict=True):
        band = f"{first}–{last}" if last is not None else f"{first}+"
        if ascii_only:
            band = band.replace("–", "-")
        share = made / played if played else 0.0
        figures = f"{made}/{played}" + (f"  {pct(share)}%" if played else "")
        lines.append(f"  {band:<8} {bar(share, ascii_only)}  {figures}")
    lines.append(
        t(
            "stats_marks",
            concessions=tally.concessions,
            palki=tally.palki,
            attempts=tally.barrel_attempts,
            wins=tally.barrel_wins,
        )
    )
    if tally.hinted:
        per = one_decimal(tally.hinted_points / tally.hinted_deals if tally.hinted_deals else None)
        lines.append(
            t(
                "stats_hints",
                hinted=tally.hinted,
                decisions=tally.decisions,
                deals=tally.hinted_deals,
                points=per,
            )
        )
    else:
        lines.append(t("stats_no_hints", decisions=tally.decisions))
    if tally.taken_back_games:
        lines.append(
            t(
                "stats_taken_back",
                games=tally.taken_back_games,
                wins=tally.taken_back_wins,
                cards=tally.taken_back,
            )
        )
    if tally.analysed:
        lines.append(t("stats_lost", value=one_decimal(tally.lost_per_deal), deals=tally.analysed))
    else:
        # A hosted player has no `thousand stats` to type: only the host analyses his games.
        lines.append(t("stats_not_analysed_hosted" if hosted() else "stats_not_analysed"))
    return lines


def stats_lines(stats: Stats, t: Translator, ascii_only: bool = False) -> list[str]:
    """Everything `thousand stats` and the statistics screen say."""
    total = stats.total
    if not total.games and not total.unfinished:
        return [t("stats_none")]
    lines = [t("stats_all"), *tally_lines(total, t, ascii_only)]
    if stats.trend:
        lines += ["", t("stats_trend")]
        top = max(abs(g.per_deal) for g in stats.trend) or 1.0
        for game in stats.trend:
            day = game.created[:10]
            share = max(0.0, game.per_deal) / top
            lines.append(f"  {day:<10} {bar(share, ascii_only)}  {game.per_deal:+.1f}")
    groups = [("stats_preset", stats.by_preset), ("stats_level", stats.by_level)]
    for key, tallies in groups:
        if len(tallies) < 2:
            continue
        for name, tally in sorted(tallies.items()):
            lines += ["", t(key, name=name), *tally_lines(tally, t, ascii_only)]
    return lines
