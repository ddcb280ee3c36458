"""Hints and deal analyses in words (English or Russian), for the table and `thousand analyze`.

The numbers are `ai.analysis`'s; this module only says them. Plain strings, no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..ai.analysis import COSTLY, Advice, DealAnalysis, Decision, Option
from ..engine.actions import Act, Action
from ..engine.cards import Suit
from ..store.figures import BANDS, Tally
from .i18n import Translator, card_label

if TYPE_CHECKING:  # the statistics (and the club index under them) only where they are shown
    from ..stats import Stats


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
        if act in SAID:
            return t(SAID[act])
        if act is Act.TAKE_TALON and action.talon is not None:
            return t("c_take_talon", number=action.talon + 1)
        card = card_label(action.card, t.lang, self.ascii_only) if action.card is not None else ""
        if act is Act.PLAY:
            if action.marriage is not None:
                suit = action.marriage
                if suit != "A" and not self.ascii_only:
                    suit = Suit(suit).glyph
                return t("c_play_marriage", card=card, suit=suit)
            return t("c_play", card=card)
        if act is Act.GIVE and action.to is not None:
            if action.to == self.you:
                return t("c_give_you", card=card)
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
                return t("c_made", pct=percent(t, best.chance))
            bids = [o for o in others if o.action.value is not None and o.chance is not None]
            if bids:
                cheapest = min(bids, key=lambda o: o.action.value or 0)
                return t(
                    "c_pass_why",
                    value=cheapest.action.value,
                    pct=percent(t, cheapest.chance or 0.0),
                )
            return ""
        if advice.kind == "contract":
            if best.chance is not None:
                return t("c_made", pct=percent(t, best.chance))
            keep = next((o for o in others if o.chance is not None), None)
            if keep is None:
                return ""
            value = keep.action.value or advice.contract
            key = "c_baptism_why" if best.action.act is Act.BAPTISM else "c_concede_why"
            return t(key, value=value, pct=percent(t, keep.chance or 0.0))
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
            text = t(key, pct=percent(t, best.chance))
            if alt is not None and alt.chance is not None:
                named = self.option(alt, None)
                if pct(alt.chance) == pct(best.chance):
                    text += "; " + t("c_alt_same", alt=named)
                else:
                    text += "; " + t("c_alt_pct", alt=named, pct=percent(t, alt.chance))
            return text
        if advice.kind in ("dark", "dark_cancel", "redeal"):
            return self.why_before(advice)
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

    def why_before(self, advice: Advice) -> str:
        """Why to play dark or not, call a dark game off or not, redeal or play on."""
        t = self.t
        best = advice.best
        act = best.action.act
        value = advice.contract
        if advice.kind == "dark":
            key = "c_dark_why" if act is Act.DARK else "c_dark_decline_why"
            return t(key, value=value, pct=percent(t, best.chance or 0.0))
        if advice.kind == "dark_cancel":
            key = "c_dark_cancel_why" if act is Act.DARK_CANCEL else "c_dark_stand_why"
            return t(key, value=value, pct=percent(t, best.chance or 0.0))
        reason = t.reason(best.action.reason)
        if value is None or best.chance is None:
            return t("c_redeal_weak", reason=reason)
        if act is Act.REDEAL:
            key = "c_redeal_why" if advice.declarer else "c_redeal_bid_why"
        else:
            key = "c_play_on_why" if advice.declarer else "c_play_on_bid_why"
        return t(key, reason=reason, value=value, pct=percent(t, best.chance))

    # ------------------------------------------------------------ a deal

    def where(self, decision: Decision) -> str:
        t = self.t
        if decision.phase == "play":
            return t("c_where_trick", number=decision.trick + 1)
        if decision.phase == "exchange":
            return t("c_where_exchange")
        if decision.phase in ("raise", "contract"):
            return t("c_where_contract")
        if decision.phase in WHERE:
            return t(WHERE[decision.phase])
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
        # The declarer is "you" when he is the table's player, whatever his name.
        mine = "_you" if d is not None and d == self.you else ""
        name = self.names[d] if d is not None else ""
        if d is None or analysis.contract is None:
            lines.append(t("c_deal_none"))
        elif analysis.made is None:
            key = "c_deal_baptised" if analysis.baptism else "c_deal_conceded"
            lines.append(t(key + mine, name=name, value=analysis.contract))
        else:
            result = t("c_deal_made" if analysis.made else "c_deal_down")
            lines.append(
                t(
                    "c_deal_played" + mine,
                    name=name,
                    value=analysis.contract,
                    taken=t.count("w_point", analysis.taken or 0),
                    result=result,
                )
            )
        if d is not None and analysis.open_card is not None:
            best = t.count("w_point", analysis.open_card)
            line = t("c_open_card_best" + mine, name=name, points=best)
            if analysis.taken is not None and analysis.taken != analysis.open_card:
                # Best play on both sides: a defence's mistakes give the declarer more, the
                # declarer's own give him less.
                diff = abs(analysis.taken - analysis.open_card)
                key = "c_open_gift" if analysis.taken > analysis.open_card else "c_open_short"
                line += " " + t(key + mine, name=name, points=t.count("w_point", diff))
            lines.append(line)
        if d is not None and analysis.dark and analysis.change is not None:
            lines.append(
                t(
                    "c_dark_deal" + mine,
                    name=name,
                    value=analysis.contract,
                    m=analysis.dark_multiplier,
                    change=signed_points(analysis.change),
                    light=signed_points(analysis.light_change or 0),
                )
            )
            chance = analysis.dark_odds()
            if chance is not None:
                lines.append(t("c_dark_odds", value=analysis.contract, pct=percent(t, chance)))
        costly = analysis.costly(threshold)
        name = self.names[analysis.seat]
        mine = "_you" if analysis.seat == self.you else ""
        # Every figure rounded once, as shown: the total is the sum of the lines above it.
        listed, rest = analysis.said_loss(threshold)
        if not costly:
            if rest:
                points = t.plural(rest, "points_about_forms")
                lines.append(t("c_no_cost_rest" + mine, name=name, cost=rest, points=points))
            else:
                lines.append(t("c_no_cost" + mine, name=name))
            return lines
        lines += [self.cost(decision) for decision in costly]
        if rest:
            points = t.plural(rest, "points_about_forms")
            lines.append(t("c_lost_small" + mine, name=name, cost=rest, points=points))
        lost = listed + rest
        points = t.plural(lost, "points_about_forms")
        lines.append(t("c_lost" + mine, name=name, cost=lost, points=points))
        return lines


# The decisions before the auction, in words.
SAID = {
    Act.DARK: "c_dark",
    Act.DARK_DECLINE: "c_dark_decline",
    Act.DARK_CANCEL: "c_dark_cancel",
    Act.DARK_CANCEL_DECLINE: "c_dark_stand",
    Act.REDEAL: "c_redeal",
    Act.REDEAL_DECLINE: "c_play_on",
}


WHERE = {"dark": "c_where_dark", "dark_cancel": "c_where_dark_cancel", "redeal": "c_where_redeal"}


def signed_points(points: int) -> str:
    """A score change as the sheet writes it: +240, −240."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def pct(chance: float) -> int:
    return round(100 * chance)


def percent(t: Translator, chance: float) -> str:
    """A chance as the language writes a percentage: "62%"."""
    return t("percent", n=pct(chance))


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


def one_decimal(value: float | None, lang: str = "en", signed: bool = False) -> str:
    """A figure with one decimal, with the decimal sign of `lang`'s catalog: 63.1, 63,1."""
    if value is None:
        return "—"
    text = f"{value:+.1f}" if signed else f"{value:.1f}"
    return Translator(lang).decimal(text)


def tally_lines(
    tally: Tally, t: Translator, ascii_only: bool = False, hosted: bool = False
) -> list[str]:
    """One group of games: its figures and its contracts as bars."""
    lang = t.lang
    lines = [
        t("stats_games", games=tally.games, unfinished=tally.unfinished, wins=tally.wins),
        t(
            "stats_per_deal_n",
            value=one_decimal(tally.per_deal, lang),
            deals=t.count("w_deal", tally.deals),
        ),
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
        per = one_decimal(
            tally.hinted_points / tally.hinted_deals if tally.hinted_deals else None, lang
        )
        lines.append(
            t(
                "stats_hints_n",
                hinted=tally.hinted,
                decisions=t.count("w_decision_of", tally.decisions),
                deals=t.count("w_deal_in", tally.hinted_deals),
                points=per,
            )
        )
    else:
        lines.append(t("stats_no_hints_n", decisions=t.count("w_decision", tally.decisions)))
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
        lost = tally.lost_per_deal
        lines.append(
            t(
                "stats_lost_n",
                value=one_decimal(lost, lang),
                # A figure with a fraction: "63.1 points", in Russian "63,1 очка".
                points=t.plural(2, "points_forms"),
                deals=t.count("w_deal", tally.analysed),
            )
        )
    else:
        # A hosted player has no `thousand stats` to type: only the host analyses his games.
        lines.append(t("stats_not_analysed_hosted" if hosted else "stats_not_analysed"))
    return lines


def stats_lines(
    stats: Stats, t: Translator, ascii_only: bool = False, hosted: bool = False
) -> list[str]:
    """Everything `thousand stats` and the statistics screen say (to a hosted player where
    `hosted`: only the host analyses his games)."""
    total = stats.total
    if not total.games and not total.unfinished:
        return [t("stats_none")]
    lines = [t("stats_all"), *tally_lines(total, t, ascii_only, hosted)]
    if stats.trend:
        lines += ["", t("stats_trend")]
        top = max(abs(g.per_deal) for g in stats.trend) or 1.0
        for game in stats.trend:
            day = game.created[:10]
            share = max(0.0, game.per_deal) / top
            per_deal = one_decimal(game.per_deal, t.lang, signed=True)
            lines.append(f"  {day:<10} {bar(share, ascii_only)}  {per_deal}")
    groups = [("stats_preset", stats.by_preset), ("opponents", stats.by_level)]
    for key, tallies in groups:
        if len(tallies) < 2:
            continue
        for name, tally in sorted(tallies.items()):
            title = t(key, name=name) if key == "stats_preset" else opponents_words(name, t)
            lines += ["", title, *tally_lines(tally, t, ascii_only, hosted)]
    return lines


def opponents_words(levels: str, t: Translator) -> str:
    """The opponents of a group of games, from their levels as `--ai` gives them ("?" for a
    person at a shared table): "Opponents: a person, easy AI"."""
    names = [
        t("stats_person") if level in ("?", "") else t("stats_ai", level=t.level(level))
        for level in levels.split(",")
    ]
    return t("stats_opponents", names=", ".join(names))
