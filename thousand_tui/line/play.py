"""One game in the line mode: `LineTable` plays a `Session` from lines of text.

Each event is one line, written once, in words (the table's `Narrator` with a palette that
names cards in words); each decision of the player is a prompt that says what is to be decided
and which answers are legal (the engine's legal moves, `SeatView.legal`). What the player types
is either a command (`hand`, `table`, `score`...) or the answer; an answer the engine does not
take, or a word nobody knows, gets one line that says why and what is legal, and nothing
changes. The opponents decide through the AI's scheduler (`scheduler.decide`: before any
background work), in a thread, so that a line can say who is thinking while they do.
"""

from __future__ import annotations

import queue
import random
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TextIO

from ..engine.actions import Act, Action
from ..engine.cards import Card, Suit, card_points, has_four_aces, marriage_suits
from ..engine.deal import Phase
from ..engine.game import Game
from ..engine.record import take_back, takeback_count
from ..engine.view import SeatView
from ..plaintext import shown
from ..settings import TableSetup
from ..translations import Said
from ..translations import say as say_said
from ..tui.coach import Words
from ..tui.controller import Step, TableController
from ..tui.describe import refusal_words, sorted_hand
from ..tui.i18n import Translator
from ..tui.session import HUMAN, Session
from ..tui.table_game import TableGame
from .cards import CardNames, WordsPalette, rank_keys, suit_keys
from .narration import LineNarrator
from .prefs import LineSettings
from .texts import card_words, command_words, normal, say, suit_words

THINK_NOTICE = 1.0  # seconds an opponent thinks before a line says so
READERS: weakref.WeakKeyDictionary[TextIO, queue.Queue[str | None]] = weakref.WeakKeyDictionary()
"""The input read in a thread of its own (`Lines.reader`), and the lines it read."""
READING = threading.Lock()
MAX_LINE = 200  # characters of a typed line that are read (the longest answer is a card's name)


@dataclass(frozen=True)
class Choice:
    """One numbered answer of a prompt: its words and the decisions it takes."""

    text: str
    actions: tuple[Action, ...]


class Quit(Exception):
    """The player quit (or the input ended): the game is kept as it is."""


class LineWords(Words):
    """Hints and choices in words, every card named in words."""

    def __init__(self, t: Translator, names: Sequence[str], you: int = HUMAN) -> None:
        super().__init__(t, names, ascii_only=True, you=you)

    def action(self, action: Action) -> str:
        card = action.card
        if card is None:
            return super().action(action)
        t, lang = self.t, self.t.lang
        label = card_words(card, lang)
        if action.act is Act.PLAY and action.marriage is not None:
            return t("c_play_marriage", card=label, suit=suit_words(action.marriage, lang))
        if action.act is Act.PLAY:
            return t("c_play", card=label)
        if action.act is Act.GIVE and action.to is not None:
            return t("c_give", card=label, name=self.names[action.to])
        if action.act is Act.DISCARD:
            return t("c_discard", card=label)
        return super().action(action)


class Lines:
    """Lines of text on the standard streams: each written once, never an escape sequence;
    what the player types, read a line at a time."""

    stdin: TextIO
    stdout: TextIO
    lang: str

    @classmethod
    def of(cls, stdin: TextIO, stdout: TextIO, lang: str) -> Lines:
        lines = cls.__new__(cls)
        lines.stdin, lines.stdout, lines.lang = stdin, stdout, lang
        return lines

    def say(self, line: str) -> None:
        """One line, written once: never a control character or an escape sequence. A
        terminal whose encoding lacks a character gets a question mark for it."""
        text = shown(line, lines=False)
        encoding = getattr(self.stdout, "encoding", None)
        if isinstance(encoding, str):
            text = text.encode(encoding, "replace").decode(encoding)
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def tell(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.say(line)

    def read(self) -> str:
        """The next line the player typed; Quit at the end of the input."""
        typed = READERS.get(self.stdin)
        if typed is None:
            return self.read_line()
        text = typed.get()
        if text is None:
            typed.put(None)  # the end of the input, for whoever reads next
            raise Quit
        return text

    def reader(self) -> queue.Queue[str | None]:
        """The lines typed, read in a thread of their own from now on (at a shared table,
        what the table says is said while nothing is typed): every line, then None at the
        end of the input. One reader for the input, whoever reads it next (the lobby, then
        a table taken there, then the lobby again)."""
        with READING:
            typed = READERS.get(self.stdin)
            if typed is None:
                typed = READERS[self.stdin] = queue.Queue()
                reading = threading.Thread(
                    target=self.read_all, args=(typed,), name="line-input", daemon=True
                )
                reading.start()
        return typed

    def read_all(self, typed: queue.Queue[str | None]) -> None:
        try:
            while True:
                typed.put(self.read_line())
        except (Quit, OSError, ValueError):
            typed.put(None)

    def read_line(self) -> str:
        """The next line of the input; Quit at its end. A line longer than any answer is
        read to its end and kept no longer than `MAX_LINE` characters."""
        line = self.stdin.readline(MAX_LINE)
        if not line:
            raise Quit
        if not line.endswith("\n") and len(line) == MAX_LINE:
            while (rest := self.stdin.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
        return line.strip()

    def s(self, key: str, **values: object) -> str:
        return say(self.lang, key, **values)

    def quoted(self, text: str) -> str:
        return shown(text, lines=False, most=40)


class LineTable(Lines):
    """A game played by lines of text: `run` until the game is over or the player quits."""

    def __init__(
        self,
        setup: TableSetup,
        session: Session,
        stdin: TextIO,
        stdout: TextIO,
        think_notice: float = THINK_NOTICE,
    ) -> None:
        self.setup = setup
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.think_notice = think_notice
        self.lang = lang = setup.lang
        self.t = Translator(lang)
        order = setup.suit_order
        self.p = WordsPalette(lang=lang, ascii_only=True, no_color=True, suit_order=order)
        game = session.game
        self.narrator = LineNarrator(self.t, self.p, game.names, game.rules, seat=HUMAN)
        self.controller = TableController(session, self.narrator, seat=HUMAN)
        self.cards = CardNames(lang)
        self.words = LineWords(self.t, game.names)
        self.choices: list[Choice] | None = None  # a question about one card (a marriage)
        # The deal whose hand was told last, and its cards then.
        self.hand_told: tuple[int, frozenset[Card]] = (0, frozenset())

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def played(self) -> TableGame:
        """The game as the table knows it: a local `Game`, or a shared table's `RemoteGame`."""
        return self.controller.game

    # ------------------------------------------------------------------ the game

    def run(self) -> int:
        """Play until the game is over (0) or the player quits (0, the game saved)."""
        try:
            self.begin()
            while True:
                step = self.controller.next_step(True, False)
                if step is Step.SHOW_RESULT:
                    self.show_result()
                elif step is Step.GAME_OVER:
                    self.game_over()
                    return 0
                elif step is Step.HUMAN:
                    self.human()
                elif step is Step.AI:
                    seat = self.game.to_move
                    assert seat is not None
                    self.ai(seat)
                else:
                    return 0  # nobody is to move: nothing more happens
        except (Quit, KeyboardInterrupt):
            self.quit()
            return 0
        finally:
            self.session.close()

    def begin(self) -> None:
        session, game = self.session, self.game
        names = ", ".join(game.names)
        self.say(self.s("line_welcome", players=len(game.names), names=names))
        for warning in session.warnings:
            self.say(say_said(self.lang, warning) if isinstance(warning, Said) else warning)
        if session.resumed:
            self.tell(self.controller.take_events(session.deal_events, game.deal))
            self.say(self.s("line_resumed", number=game.deal.number))
        else:
            self.tell(self.controller.take_events(game.take_start_events()))

    def quit(self) -> None:
        if self.session.path is not None and not self.game.over:
            hosted = self.setup.host.hosted  # a player of a server types ssh's words
            self.say(self.s("line_saved_hosted" if hosted else "line_saved"))
        else:
            self.say(self.s("line_goodbye"))

    def game_over(self) -> None:
        self.say(self.s("line_over", scores=self.scores(self.played.match.scores)))

    def show_result(self) -> None:
        pending = self.controller.results[0]
        result = pending.result
        if result.redeal is None:
            points = ", ".join(
                self.s("line_seat_score", name=name, score=f"{delta:+d}")
                for name, delta in zip(self.played.names, result.deltas, strict=False)
            )
            self.say(self.s("line_deal_points", number=result.number, points=points))
            self.say(self.s("line_scores", scores=self.scores(result.state.scores)))
        self.tell(self.controller.result_seen())

    def scores(self, scores: Sequence[int]) -> str:
        return ", ".join(
            self.s("line_seat_score", name=name, score=score)
            for name, score in zip(self.played.names, scores, strict=False)
        )

    # ------------------------------------------------------------------ the opponents

    def ai(self, seat: int) -> None:
        """An opponent decides through the AI's scheduler; a line says so when it takes a
        while. A player that fails makes this one decision at random among the legal ones."""
        from ..ai.scheduler import decide

        session, controller = self.session, self.controller
        controller.ask_ai(seat)
        player = session.player(seat)
        view = self.game.view(seat)
        answer: list[Action] = []
        failed: list[BaseException] = []

        def think() -> None:
            try:
                answer.append(decide(player, view))
            except Exception as error:  # a player's fault: the game goes on
                failed.append(error)

        started = time.monotonic()
        worker = threading.Thread(target=think, name=f"line-ai-{seat}", daemon=True)
        worker.start()
        worker.join(self.think_notice)
        if worker.is_alive():
            self.say(self.s("line_thinking", name=self.game.names[seat]))
            worker.join()
        think_ms = (time.monotonic() - started) * 1000
        controller.ai_answered()
        if answer:
            action = replace(answer[0], think_ms=think_ms)
        else:
            self.say(self.s("line_ai_failed", name=self.game.names[seat]))
            session.renew_player(seat)
            action = random.Random(controller.turn).choice(self.game.legal_actions(seat))
        told = controller.apply(self.game, action)
        if isinstance(told, str):  # the player answered what the engine refuses
            session.renew_player(seat)
            legal = self.game.legal_actions(seat)
            told = controller.apply(self.game, random.Random(controller.turn).choice(legal))
        if not isinstance(told, str):
            self.tell(told)

    # ------------------------------------------------------------------ the player

    def human(self) -> None:
        """The player's decision: prompts, commands and answers until one is taken."""
        controller = self.controller
        controller.human_waits_for()
        view = controller.view()
        if view.hand is not None:
            # The hand at the first decision of a deal, and again when cards came to it (the
            # talon, a card given): what the table always shows.
            told = (view.deal_number, frozenset(view.hand))
            deal, known = self.hand_told
            if deal != view.deal_number or not told[1] <= known:
                self.say(self.hand(view))
            self.hand_told = told
        self.choices = None
        if self.setup.auto_play and view.phase is Phase.PLAY:
            cards = {a.card for a in view.legal}
            if len(view.legal) == 1 and None not in cards:
                (action,) = view.legal
                assert action.card is not None
                self.say(self.s("line_only_card", card=card_words(action.card, self.lang)))
                self.take([action])
                return
        self.say(self.prompt(view))
        while True:
            text = self.read()
            if not text:
                self.say(self.prompt(view))
                continue
            if self.command(text, view):
                if self.game.to_move != HUMAN or controller.view() is not view:
                    return  # a card taken back: the game is another
                continue
            actions = self.answer(text, view)
            if actions is None:
                continue
            if self.take(actions):
                return

    def take(self, actions: Sequence[Action]) -> bool:
        """Apply the player's decisions; False (and a line why) if the engine refused."""
        self.choices = None
        self.controller.stop_waiting()
        for action in actions:
            told = self.controller.apply(self.game, action)
            if isinstance(told, str):
                self.say(told)
                self.controller.wait_for_card()
                return False
            self.tell(told)
        return True

    # ------------------------------------------------------------------ prompts

    def prompt(self, view: SeatView) -> str:
        """What is to be decided, and which answers are legal."""
        if self.choices is not None:
            return self.choose_prompt(self.s("line_what_marriage"), self.choices)
        phase = view.phase
        if phase is Phase.AUCTION:
            return self.bid_prompt(view)
        if phase in (Phase.CONTRACT, Phase.RAISE):
            return self.contract_prompt(view)
        if phase is Phase.GIVE:
            gives = [a for a in view.legal if a.act is Act.GIVE and a.to is not None]
            if gives:
                name = view.names[self.receiver(view)]
                return self.s("line_prompt_give", name=name, count=len(view.hand or ()))
            return self.s("line_prompt_discard", count=len(view.hand or ()))
        if phase is Phase.PLAY:
            return self.play_prompt(view)
        return self.choose_prompt(self.what(view), self.offer(view))

    def what(self, view: SeatView) -> str:
        if view.phase is Phase.DARK:
            return self.s("line_what_dark")
        if view.phase is Phase.DARK_CANCEL:
            seat = view.declarer if view.declarer is not None else view.on_hundred
            return self.s("line_what_dark_cancel", name=view.names[seat])
        if view.phase is Phase.REDEAL:
            return self.s("line_what_redeal", reason=self.t.reason(view.redeal_reason))
        if view.phase is Phase.TALON:
            return self.s("line_what_talon")
        return self.t(f"phase_{view.phase.value}")

    def offer(self, view: SeatView) -> list[Choice]:
        choices = []
        for action in view.legal:
            text = self.words.action(action)
            if action.act is Act.TAKE_TALON and action.talon is not None:
                seen = view.talons_seen
                if seen is not None:
                    cards = ", ".join(card_words(c, self.lang) for c in seen[action.talon])
                    text = f"{text}: {cards}"
            choices.append(Choice(text, (action,)))
        return choices

    def choose_prompt(self, what: str, choices: Sequence[Choice]) -> str:
        """The choices numbered; parted by semicolons where one has a comma of its own
        ("1 play it without declaring; 2 declare hearts 100, trump hearts")."""
        parted = "; " if any("," in c.text for c in choices) else ", "
        listed = parted.join(
            self.s("line_choice", number=i, text=c.text) for i, c in enumerate(choices, 1)
        )
        return self.s("line_prompt_choose", what=what, choices=listed)

    def bids(self, view: SeatView, act: Act) -> list[int]:
        return sorted({a.value for a in view.legal if a.act is act and a.value is not None})

    def bid_prompt(self, view: SeatView) -> str:
        if view.high_bid is not None and view.high_bidder is not None:
            high = self.s("line_high_bid", value=view.high_bid, name=view.names[view.high_bidder])
        else:
            high = self.s("line_no_bid")
        bids = self.bids(view, Act.BID)
        if not bids:
            return self.s("line_prompt_bid_pass", high=high)
        if len(bids) == 1:
            return self.s("line_prompt_bid_one", high=high, value=bids[0])
        step = view.rules.bidding.step
        return self.s("line_prompt_bid", high=high, low=bids[0], top=bids[-1], step=step)

    def contract_prompt(self, view: SeatView) -> str:
        acts = {a.act for a in view.legal}
        more = ""
        if Act.CONCEDE in acts:
            more += self.s("line_or_concede")
        if Act.BAPTISM in acts:
            more += self.s("line_or_baptism")
        raises = self.bids(view, Act.RAISE)
        value = view.contract
        if not raises:
            return self.s("line_prompt_contract_keep", value=value, more=more)
        if len(raises) == 1:
            return self.s("line_prompt_contract_one", value=value, top=raises[0], more=more)
        step = view.rules.bidding.step
        return self.s(
            "line_prompt_contract",
            value=value,
            low=raises[0],
            top=raises[-1],
            step=step,
            more=more,
        )

    def legal_cards(self, view: SeatView) -> list[Card]:
        legal = {a.card for a in view.legal if a.card is not None}
        return [card for card in sorted_hand(view, self.setup.suit_order) if card in legal]

    def cards_words(self, cards: Sequence[Card]) -> str:
        return ", ".join(card_words(card, self.lang) for card in cards)

    def play_prompt(self, view: SeatView) -> str:
        number = len(view.tricks) + 1
        cards = self.legal_cards(view)
        every = len(cards) == len(view.hand or ())
        if not view.trick:
            if every:
                return self.s("line_prompt_lead", number=number)
            return self.s("line_prompt_lead_some", number=number, cards=self.cards_words(cards))
        return self.s(
            "line_prompt_follow",
            number=number,
            trick=self.plays(view.trick),
            cards=self.cards_words(cards),
        )

    def plays(self, plays: Sequence[tuple[int, Card]]) -> str:
        return ", ".join(
            self.s("line_play", name=self.played.names[seat], card=card_words(card, self.lang))
            for seat, card in plays
        )

    def legal(self, view: SeatView) -> str:
        """What may be answered now, in one short sentence."""
        if self.choices is not None or view.phase not in (Phase.PLAY, Phase.GIVE):
            return self.prompt(view)
        cards = self.legal_cards(view)
        if len(cards) == len(view.hand or ()):
            return self.s("line_legal_any")
        return self.s("line_legal_cards", cards=self.cards_words(cards))

    # ------------------------------------------------------------------ answers

    def answer(self, text: str, view: SeatView) -> list[Action] | None:
        """The decisions `text` answers, or None (a line said why)."""
        if self.choices is not None:
            return self.chosen(text, self.choices, view)
        phase = view.phase
        if phase is Phase.AUCTION:
            return self.value_answer(text, view, Act.BID, {"pass": Act.PASS})
        if phase in (Phase.CONTRACT, Phase.RAISE):
            words = {"play": Act.RAISE, "concede": Act.CONCEDE, "baptism": Act.BAPTISM}
            return self.value_answer(text, view, Act.RAISE, words)
        if phase in (Phase.GIVE, Phase.PLAY):
            return self.card_answer(text, view)
        return self.chosen(text, self.offer(view), view)

    def chosen(self, text: str, choices: Sequence[Choice], view: SeatView) -> list[Action] | None:
        wanted = normal(text)
        for number, choice in enumerate(choices, 1):
            if wanted in (str(number), normal(choice.text)):
                return list(choice.actions)
        self.say(self.s("line_bad_choice", text=self.quoted(text), legal=self.legal(view)))
        return None

    def value_answer(
        self, text: str, view: SeatView, act: Act, words: dict[str, Act]
    ) -> list[Action] | None:
        """A bid or a raise by its number, or one of `words` (pass, play, concede...)."""
        wanted = normal(text)
        said = {w: a for command, a in words.items() for w in command_words(self.lang, command)}
        if act is Act.BID:
            said[normal(self.t("pass"))] = Act.PASS
        if wanted in said:
            word_act = said[wanted]
            for action in view.legal:
                if action.act is word_act and (word_act is not Act.RAISE or action.value is None):
                    return [action]
            self.say(self.s("line_not_now", what=self.quoted(text)) + " " + self.prompt(view))
            return None
        if wanted.isdigit():
            value = int(wanted)
            for action in view.legal:
                if action.act is act and action.value == value:
                    return [action]
            self.say(self.s("line_bad_bid", value=value, legal=self.prompt(view)))
            return None
        self.say(self.s("line_unknown", text=self.quoted(text), legal=self.prompt(view)))
        return None

    def receiver(self, view: SeatView) -> int:
        """Who gets the next card given: the first seat the engine allows."""
        return min(a.to for a in view.legal if a.act is Act.GIVE and a.to is not None)

    def card_answer(self, text: str, view: SeatView) -> list[Action] | None:
        card = self.cards.read(text)
        if card is None:
            self.say(self.s("line_not_card", text=self.quoted(text), legal=self.legal(view)))
            return None
        if card not in (view.hand or ()):
            words = card_words(card, self.lang)
            self.say(self.s("line_not_in_hand", card=words, legal=self.legal(view)))
            return None
        options = [a for a in view.legal if a.card is card]
        if view.phase is Phase.GIVE:
            gives = [a for a in options if a.act is Act.GIVE]
            if gives:
                to = self.receiver(view)
                options = [a for a in gives if a.to == to]
        if not options:
            refusal = view.refusal(card)
            if refusal is not None:
                why = refusal_words(view, refusal, self.p, self.t)
                self.say(self.s("line_refused", why=why, legal=self.legal(view)))
            else:
                words = card_words(card, self.lang)
                self.say(self.s("line_not_in_hand", card=words, legal=self.legal(view)))
            return None
        if len(options) > 1 and any(a.marriage is not None for a in options):
            self.choices = [Choice(self.marriage_words(a, view), (a,)) for a in options]
            self.say(self.s("line_prompt_marriage", card=card_words(card, self.lang)))
            self.say(self.prompt(view))
            return None
        return [options[0]]

    def marriage_words(self, action: Action, view: SeatView) -> str:
        if action.marriage is None:
            return self.s("line_no_declare")
        suit = suit_words(action.marriage, self.lang)
        rules = view.rules
        if action.marriage == "A" and action.card is not None:
            # The four aces: trump as the rules make it (kept, none, or the suit led).
            points, mode = rules.ace_marriage.value, rules.ace_marriage.trump
            if mode == "led_suit":
                trump = suit_words(action.card.suit, self.lang)
                return self.s("line_declare_trump", suit=suit, points=points, trump=trump)
            key = "line_declare_no_trump" if mode == "cancel" else "line_declare_keep"
            return self.s(key, suit=suit, points=points)
        points = rules.marriage.value_of(action.marriage)
        key = "line_declare_keep" if action.keep_trump else "line_declare"
        return self.s(key, suit=suit, points=points)

    # ------------------------------------------------------------------ commands

    def command(self, text: str, view: SeatView) -> bool:
        """Answer `text` if it is a command (True); False for an answer to the decision."""
        first, _, rest = text.strip().partition(" ")
        if normal(first) in command_words(self.lang, "settings"):
            self.tell(self.own_settings().answer(rest, live_language=False).lines)
            return True
        wanted = normal(text)
        found = next(
            (name for name in COMMAND_ORDER if wanted in command_words(self.lang, name)), None
        )
        if found is None:
            return False
        handlers: dict[str, Callable[[SeatView], None]] = {
            "hand": lambda v: self.say(self.hand(v)),
            "table": lambda v: self.say(self.table(v)),
            "score": lambda v: self.say(self.score(v)),
            "sheet": lambda v: self.tell(self.sheet()),
            "last": lambda v: self.say(self.last(v)),
            "talon": lambda v: self.say(self.talon(v)),
            "hint": self.hint,
            "help": self.help,
            "undo": self.undo,
        }
        if found == "quit":
            raise Quit
        handlers[found](view)
        return True

    def help(self, view: SeatView) -> None:
        self.tell(
            [self.s("line_help"), self.keys_help(), self.s("line_help_settings"), self.prompt(view)]
        )

    def own_settings(self) -> LineSettings:
        """The player's settings (`settings`): his start screen's choices."""
        return LineSettings(self.setup.host, None, self.lang)

    def keys_help(self) -> str:
        return self.s("line_help_keys", ranks=rank_keys(self.lang), suits=suit_keys(self.lang))

    def hand(self, view: SeatView) -> str:
        if view.hand is None:
            return self.s("line_hand_unseen")
        cards = sorted_hand(view, self.setup.suit_order)
        if not cards:
            return self.s("line_hand_none")
        groups = []
        for letter in self.setup.suit_order:
            suit = Suit(letter)
            ranks = [self.p.rank_label(card) for card in cards if card.suit is suit]
            if ranks:
                groups.append(
                    self.s("line_group", suit=suit_words(suit, self.lang), cards=", ".join(ranks))
                )
        rules = view.rules
        held = [
            f"{suit_words(s, self.lang)} {rules.marriage.value_of(s.value)}"
            for s in marriage_suits(cards)
        ]
        if rules.ace_marriage.enabled and has_four_aces(cards):
            held.append(f"{suit_words('A', self.lang)} {rules.ace_marriage.value}")
        marriages = self.s("line_marriages", list=", ".join(held)) if held else ""
        return self.s(
            "line_hand",
            count=self.t.count("w_card", len(cards)),
            groups="; ".join(groups),
            points=card_points(cards),
            marriages=marriages,
        )

    def state(self, view: SeatView) -> str:
        if view.contract is not None and view.declarer is not None:
            contract = self.s("line_contract", value=view.contract, name=view.names[view.declarer])
        elif view.high_bid is not None and view.high_bidder is not None:
            name = view.names[view.high_bidder]
            contract = self.s("line_auction_state", value=view.high_bid, name=name)
        else:
            contract = self.s("line_no_contract")
        return self.s(
            "line_state",
            number=view.deal_number,
            dealer=view.names[view.dealer],
            contract=contract,
            trump=suit_words(view.trump, self.lang, self.t("no_trump")),
        )

    def table(self, view: SeatView) -> str:
        state = self.state(view)
        if view.phase is not Phase.PLAY:
            return self.s("line_table_before", state=state)
        number = len(view.tricks) + 1
        if not view.trick:
            leader = view.leader if view.leader is not None else view.to_move
            name = view.names[leader] if leader is not None else "?"
            return self.s("line_table_empty", number=number, name=name, state=state)
        return self.s("line_table", number=number, plays=self.plays(view.trick), state=state)

    def score(self, view: SeatView) -> str:
        match, rules = view.match, view.rules
        parts = []
        for seat, name in enumerate(view.names):
            part = self.s("line_seat_score", name=name, score=match.scores[seat])
            notes = []
            barrel = match.barrel[seat]
            if barrel is not None:
                notes.append(
                    self.s(
                        "line_score_barrel",
                        used=barrel.attempts_used,
                        attempts=rules.barrel.attempts,
                    )
                )
            if match.palki[seat]:
                notes.append(self.s("line_score_palki", count=match.palki[seat]))
            parts.append(f"{part} ({', '.join(notes)})" if notes else part)
        return self.s("line_score", scores=", ".join(parts))

    def sheet(self) -> list[str]:
        results = self.played.results
        if not results:
            return [self.s("line_sheet_empty")]
        lines = []
        for result in results:
            scores = self.scores(result.state.scores)
            if result.redeal is not None:
                lines.append(self.s("line_sheet_redeal", number=result.number, scores=scores))
                continue
            said = self.narrator.result(result)
            contract = said[0].rstrip(".!") if said else ""
            lines.append(
                self.s("line_sheet_row", number=result.number, contract=contract, scores=scores)
            )
        return lines

    def last(self, view: SeatView) -> str:
        trick = view.last_trick
        if trick is None:
            return self.s("line_last_none")
        winner = trick.winner
        return self.s(
            "line_last",
            number=len(view.tricks),
            name=view.names[winner] if winner is not None else "?",
            points=card_points(card for _, card in trick.plays),
            plays=self.plays(trick.plays),
        )

    def talon(self, view: SeatView) -> str:
        if view.talon:
            return self.s("line_talon", cards=self.cards_words(view.talon))
        return self.s("line_talon_unseen", count=self.t.count("w_card", view.talon_size))

    def hint(self, view: SeatView) -> None:
        """What `hard` would do, searched under the scheduler's hint priority."""
        if not self.setup.hints:
            self.say(self.s("line_hint_off"))
            return
        if view.to_move != HUMAN or view.sitting_out == HUMAN:
            self.say(self.s("line_hint_not_now"))
            return
        from ..ai import seat_seed
        from ..ai.analysis import advise, hint_player
        from ..ai.pool import default_jobs
        from ..ai.scheduler import Priority, scheduler

        self.say(self.s("line_hint_thinking"))
        seed = seat_seed(self.game.seed, HUMAN)
        player = hint_player(seed, self.session.think, default_jobs())
        with scheduler().foreground(Priority.HINT):
            advice = advise(view, player)
        self.say(self.words.hint(advice))

    def undo(self, view: SeatView) -> None:
        """Take back the player's last card of this deal and the opponents' after it."""
        session = self.session
        if self.setup.host.hosted:
            self.say(self.s("line_undo_hosted"))
            return
        if not self.setup.take_back:
            self.say(self.s("line_undo_off"))
            return
        old = session.game
        count = takeback_count(old, HUMAN)
        if count is None:
            self.say(self.s("line_undo_none"))
            return
        gone = [
            line["card"]
            for line in old.lines[-count:]
            if line.get("seat") == HUMAN and line.get("act") == "play"
        ]
        session.game = take_back(old, HUMAN, count)
        for seat in list(session.players):
            session.renew_player(seat)
        self.controller.taken_back()
        names = ", ".join(card_words(self.cards.names[code.casefold()], self.lang) for code in gone)
        self.say(self.s("line_undone", cards=names))


COMMAND_ORDER = ("hand", "table", "score", "sheet", "last", "talon", "hint", "help", "undo", "quit")
"""The commands a player may type at any decision (pass, play... answer one)."""


__all__ = ["LineTable", "LineWords", "Lines", "Quit"]
