"""The documents of docs/ and every citation of them.

Each `docs/<file>.md` or `docs/<file>.md#<anchor>` written in the code, the presets, the tests, the
README or docs/ itself, and each relative link of a Markdown file, names a file that exists and,
after `#`, a heading of it (as GitHub makes anchors). The rules reference lists every convention
of the schema with its values and default, and the values of every shipped preset. The line
mode's example sessions (README.md, docs/accessibility.md) are what the game says: a game of
one's own is played again from its seed and flags, typed lines marked `> ` and the lines left
out (`...`) answered with the first legal answer; a shared table's and the club's, each line
one the game says.
"""

from __future__ import annotations

import io
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from thousand_tui.engine.deal import Phase
from thousand_tui.engine.rules import SCHEMA, KeySpec, plain, show
from thousand_tui.line.play import LineTable
from thousand_tui.presets import load_preset, shipped_names

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SCANNED = (ROOT / "thousand_tui", ROOT / "rules", ROOT / "tests", DOCS, ROOT / "README.md")
SUFFIXES = (".py", ".yaml", ".md")

CITATION = re.compile(r"docs/([\w.-]+\.md)(?:#([\w-]+))?")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
# The reference documents that used to live outside the repository, and their section signs.
OLD_DOCUMENTS = re.compile("RULES" + r"\.md|" + "RECORD" + r"\.md|§\s?\d")


def scanned_files() -> Iterator[Path]:
    for place in SCANNED:
        if place.is_file():
            yield place
            continue
        for path in sorted(place.rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "snapshots" not in path.parts:
                yield path


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: links reduced to their text, lower case, punctuation
    dropped (letters, digits, `_` and `-` kept), each space a `-`."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (outside code blocks); a repeated heading gets
    `-1`, `-2`, … as on GitHub."""
    found: set[str] = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match is None:
            continue
        base = anchor = slug(match.group(1))
        count = 0
        while anchor in found:
            count += 1
            anchor = f"{base}-{count}"
        found.add(anchor)
    return found


def targets(path: Path, text: str) -> Iterator[tuple[int, Path, str | None]]:
    """(line, file, anchor or None) of every citation in `text`, the text of `path`."""
    for number, line in enumerate(text.splitlines(), start=1):
        for match in CITATION.finditer(line):
            yield number, DOCS / match.group(1), match.group(2)
        if path.suffix != ".md":
            continue
        for match in LINK.finditer(line):
            url = match.group(1)
            if re.match(r"[a-z]+:", url):
                continue  # https:, mailto:
            file, _, anchor = url.partition("#")
            yield number, (path.parent / file).resolve() if file else path, anchor or None


def broken_citations(path: Path, text: str) -> list[str]:
    """What is wrong with the citations of `text`, one message each."""
    problems: list[str] = []
    for number, target, anchor in targets(path, text):
        where = f"{path.relative_to(ROOT)} line {number}"
        if not target.is_file():
            problems.append(f"{where}: no file {target.relative_to(ROOT)}")
        elif anchor is not None and target.suffix == ".md" and anchor not in anchors(target):
            problems.append(f"{where}: {target.relative_to(ROOT)} has no heading #{anchor}")
    return problems


@pytest.mark.long
def test_every_citation_of_the_docs_resolves() -> None:
    problems = [
        problem
        for path in scanned_files()
        for problem in broken_citations(path, path.read_text(encoding="utf-8"))
    ]
    assert problems == []


def test_the_check_finds_a_broken_citation() -> None:
    code = ROOT / "thousand_tui" / "example.py"
    text = "\n".join(
        [
            '"""Scored as the ' + "docs/" + 'rules.md#palki say."""',
            "# " + "docs/" + "rules.md#no-such-heading",
            "# " + "docs/" + "nowhere.md",
        ]
    )
    assert broken_citations(code, text) == [
        "thousand_tui/example.py line 2: docs/rules.md has no heading #no-such-heading",
        "thousand_tui/example.py line 3: no file " + "docs/" + "nowhere.md",
    ]
    links = "See [the talon](rules.md#talon), [nothing](#nothing) and [a file](missing.md)."
    assert broken_citations(DOCS / "record.md", links) == [
        "docs/record.md line 1: docs/record.md has no heading #nothing",
        "docs/record.md line 1: no file " + "docs/" + "missing.md",
    ]


def test_anchors_are_made_as_on_github() -> None:
    assert slug("The sitter's points") == "the-sitters-points"
    assert slug("Raise, concession and baptism") == "raise-concession-and-baptism"
    assert slug("`four_player` keys") == "four_player-keys"
    assert {"talon", "the-order-of-a-deal", "preset-values"} <= anchors(DOCS / "rules.md")


def test_nothing_cites_the_documents_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)} line {number}: {line.strip()}"
        for path in scanned_files()
        if path != Path(__file__).resolve()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if OLD_DOCUMENTS.search(line)
    ]
    assert found == []


# ---------------------------------------------------------------------- the key tables


def cell(value: object) -> str:
    """A value as docs/rules.md writes it in a table."""
    value = plain(value)
    if isinstance(value, dict):
        return "`{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}`"
    return f"`{show(value)}`"


def table_rows(text: str) -> dict[str, list[str]]:
    """The cells of each table row of `text` that starts with a key in backquotes."""
    rows: dict[str, list[str]] = {}
    for line in text.splitlines():
        match = re.match(r"\| `([\w.]+)` \|(.*)\|$", line)
        if match:
            rows.setdefault(match.group(1), [c.strip() for c in match.group(2).split(" | ")])
    return rows


def section(text: str, heading: str) -> str:
    """The text under a `##`/`###` heading, up to the next heading of the same level or above."""
    level = heading.split(" ")[0]
    start = text.index(f"\n{heading}\n")
    ends = [text.find(f"\n{'#' * n} ", start + 1) for n in range(1, len(level) + 1)]
    end = min([e for e in ends if e != -1], default=len(text))
    return text[start:end]


RULES_TEXT = (DOCS / "rules.md").read_text(encoding="utf-8")
KEY_ROWS = table_rows(section(RULES_TEXT, "## Conventions"))


@pytest.mark.parametrize("spec", SCHEMA.values(), ids=list(SCHEMA))
def test_the_rules_reference_gives_every_key_its_values_and_default(spec: KeySpec) -> None:
    assert spec.key in KEY_ROWS, f"docs/rules.md#conventions has no row for {spec.key}"
    values, default, meaning = KEY_ROWS[spec.key]
    assert default == cell(spec.default)
    for value in spec.values or ():
        assert f"`{show(value)}`" in values
    if spec.values is None and spec.type == "int":
        assert "whole number" in values
        assert ("`null`" in values) == spec.nullable
    assert meaning


def test_the_rules_reference_has_no_key_the_schema_does_not() -> None:
    assert set(KEY_ROWS) == set(SCHEMA)


def test_the_preset_table_gives_every_shipped_preset_its_values() -> None:
    table = section(RULES_TEXT, "### Preset values")
    header = next(line for line in table.splitlines() if line.startswith("| key |"))
    names = [name.strip(" `") for name in header.strip("|").split("|")[1:]]
    assert sorted(names) == sorted(shipped_names())
    presets = [load_preset(name) for name in names]
    rows = table_rows(table)
    for key, spec in SCHEMA.items():
        values = [cell(preset.rules.get(key)) for preset in presets]
        if key in rows:
            assert rows[key] == values, key
        else:
            assert set(values) == {cell(spec.default)}, f"{key} differs in a preset: list it"


# ---------------------------------------------------------------------- the line mode's sessions

SESSION_DOCS = (ROOT / "README.md", DOCS / "accessibility.md")
TYPED = "> "  # how an example session marks what the player types
LEFT_OUT = "..."  # lines left out of an example session
SHARED_COMMANDS = ("open", "join", "watch", "lobby", "daily", "tournaments")


@dataclass(frozen=True)
class Session:
    """An example session of the line mode in a document: the command (`$ thousand ...`, or
    None for a block of typed commands alone) and its lines as written."""

    where: str
    command: list[str] | None
    lines: list[str]

    @property
    def replayed(self) -> bool:
        """A game of one's own: it is played again from its seed and flags (a shared table's
        or the club's depend on other people and on codes drawn at random)."""
        argv = self.command
        return argv is not None and "--seed" in argv and not set(argv) & set(SHARED_COMMANDS)


def sessions(path: Path) -> Iterator[Session]:
    """The blocks of `path` that show the line mode played: those opened by `$ thousand`
    with `--plain` (or `plain`), and those of typed commands (`> settings`)."""
    block: list[str] | None = None
    start = 0
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text.startswith("```"):
            if block is None:
                block, start = [], number
                continue
            where = f"{path.relative_to(ROOT)} line {start}"
            first = block[0] if block else ""
            if first.startswith("$ thousand ") and "plain" in first:
                yield Session(where, shlex.split(first)[2:], block[1:])
            elif first.startswith(TYPED):
                yield Session(where, None, block)
            block = None
        elif block is not None:
            block.append(text)


def every_session() -> list[Session]:
    return [session for path in SESSION_DOCS for session in sessions(path)]


class Replay(io.StringIO):
    """The line mode's input and output while a documented session is played again: what the
    game says is matched, line by line, with the document's lines; at each prompt the line
    typed is the document's, or where lines are left out (`...`) the first legal answer."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.table: LineTable | None = None
        self.at = 0  # the next line of the document to match
        self.said = 0  # the game's lines matched (or left out) so far
        self.skipping = False  # within lines left out
        self.wrong: str | None = None

    @property
    def game_lines(self) -> list[str]:
        return [text for text in self.getvalue().splitlines() if not text.startswith(TYPED)]

    def match(self) -> None:
        """Match the game's lines said so far with the document's, up to what it types."""
        doc, game = self.session.lines, self.game_lines
        while self.wrong is None and self.at < len(doc):
            expected = doc[self.at]
            if expected == LEFT_OUT:
                self.skipping, self.at = True, self.at + 1
            elif expected.startswith(TYPED) or self.said >= len(game):
                return
            elif game[self.said] == expected:
                self.skipping, self.at, self.said = False, self.at + 1, self.said + 1
            elif self.skipping:
                self.said += 1
            else:
                shown = "\n".join(game[max(0, self.said - 3) : self.said + 3])
                self.wrong = (
                    f"{self.session.where}, its line {self.at + 2}: the document says\n"
                    f"{expected}\nwhere the game says\n{game[self.said]}\n(the game's lines "
                    f"there:\n{shown})"
                )

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.match()
        doc = self.session.lines
        if self.wrong is not None or self.at >= len(doc):
            return ""  # the end of the input: the game is left as the session ends
        if doc[self.at].startswith(TYPED) and self.said == len(self.game_lines):
            text = doc[self.at].removeprefix(TYPED)
            self.at += 1
        elif self.skipping or not doc[self.at].startswith(TYPED):
            text = self.first_answer()
        else:
            return ""  # the game asks while the document has it saying more: a mismatch
        self.write(f"{TYPED}{text}\n")
        return text + "\n"

    def first_answer(self) -> str:
        """The first legal answer: pass, play the contract, the first card the prompt lists
        (in the order of the hand), the first choice."""
        table = self.table
        assert table is not None
        view = table.controller.view()
        if table.choices is None and view.phase is Phase.AUCTION:
            return "pass"
        if table.choices is None and view.phase in (Phase.CONTRACT, Phase.RAISE):
            return "play"
        if table.choices is None and view.phase in (Phase.GIVE, Phase.PLAY):
            return table.legal_cards(view)[0].code.casefold()
        return "1"


@pytest.mark.parametrize(
    "session", [s for s in every_session() if s.replayed], ids=lambda s: s.where
)
def test_each_example_game_by_lines_is_what_the_game_says(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game is played again with the session's command (its seed and flags) and the lines
    it types; every line the document shows is the game's, in its place."""
    from tests.tui.conftest import ENGLISH
    from thousand_tui import line
    from thousand_tui.cli import build_parser, table_flags
    from thousand_tui.priority import Host

    assert session.command is not None
    replay = Replay(session)

    class Played(LineTable):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            replay.table = self

    monkeypatch.setattr(line, "LineTable", Played)
    options = build_parser("play").parse_args(["play", *session.command])
    options.runs_as = Host(data=tmp_path / "data", config=tmp_path / "config", locale=ENGLISH)
    assert line.run(table_flags(options), replay, replay) == 0
    replay.match()
    assert replay.wrong is None, replay.wrong
    left = session.lines[replay.at :]
    assert left in ([], [LEFT_OUT]), f"{session.where}: the game ended before {left[0]!r}"


SENTENCE = (".", "!", "?")
WHOLE_LINES = {
    "line_saved", "line_daily_saved", "line_tour_saved", "line_shared_chat",
    "line_shared_leaves", "line_table", "line_table_empty", "line_table_before",
    "line_not_card", "line_not_in_hand", "line_bad_bid", "line_bad_choice", "line_watch_no",
    "line_watch_no_chat", "line_lobby_no_preset", "shared_lost", "shared_refused",
}  # fmt: skip
"""The lines the line mode says whole that end with what they quote (a command, a line of
chat, what is legal)."""


def line_templates() -> list[re.Pattern[str]]:
    """Every whole line the line mode may say in English, as a pattern: its own messages and
    the table's narration, each placeholder what it holds (`placeholder`). A card played and a
    deal's notes are said as sentences (`LineNarrator`): their line ends with a full stop."""
    from babel.messages.pofile import read_po

    with (ROOT / "thousand_tui" / "locale" / "thousand.pot").open("rb") as file:
        template = read_po(file)
    patterns = []
    for message in template:
        key = message.context or ""
        if not key.startswith(("line_", "n_", "ev_", "shared_", "daily_", "tour_")):
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            if key.startswith(("n_", "ev_")) and not text.endswith(SENTENCE):
                text += "."
            if not text.endswith(SENTENCE) and key not in WHOLE_LINES:
                continue  # a part of a line: a word, a list's item, a command
            parts = re.split(r"(\{[^{}]*\})", text)
            patterns.append(
                re.compile(
                    "".join(placeholder(p) if p.startswith("{") else re.escape(p) for p in parts)
                )
            )
    return patterns


CARD = r"(nine|ten|jack|queen|king|ace) of (hearts|diamonds|clubs|spades)"
NAME = r"[^:]{1,16}"  # a player's name: at most 16 characters
NUMBER = r"[+\-−]?\d+"
PLACEHOLDERS = {
    "name": NAME, "to": NAME, "dealer": NAME, "card": CARD, "value": NUMBER, "points": NUMBER,
    "number": NUMBER, "score": NUMBER, "seconds": NUMBER, "used": NUMBER, "attempts": NUMBER,
    "seat": NUMBER, "code": r"[0-9A-Z]{6}",
}  # fmt: skip


def placeholder(field: str) -> str:
    """What a placeholder of a message may be: a name, a card, a number, a table's code, or
    anything (nothing too: a note left out)."""
    return PLACEHOLDERS.get(field.strip("{}").split(":")[0], ".*")


TEMPLATES = line_templates()


def unsaid(lines: list[str]) -> list[str]:
    """The lines of an example session the line mode never says (typed lines and lines left
    out aside)."""
    return [
        text
        for text in lines
        if not text.startswith(TYPED)
        and text != LEFT_OUT
        and not any(pattern.fullmatch(text) for pattern in TEMPLATES)
    ]


@pytest.mark.parametrize(
    "session", [s for s in every_session() if not s.replayed], ids=lambda s: s.where
)
def test_each_example_at_a_shared_table_or_the_club_says_the_games_words(
    session: Session,
) -> None:
    """Played with other people and codes drawn at random, these are not played again: each
    of their lines is one the game says, in its words."""
    assert unsaid(session.lines) == [], session.where


def test_the_example_sessions_are_found_and_the_check_finds_a_line_gone_stale() -> None:
    found = every_session()
    assert sum(s.replayed for s in found) >= 3  # the README's, and accessibility.md's two
    assert sum(not s.replayed for s in found) >= 4  # a shared table, the lobby twice, settings
    stale = ["Last trick, 1, to Boris, 13 points: Boris ace of diamonds.", "Olga: ace of hearts"]
    assert unsaid([*stale, "Trick 1: Boris (+13).", "Olga: ace of hearts."]) == stale
