"""Any bytes in a record file give a record, a RecordError with a clear message or a named
difference; `thousand replay` exits 0, 1 or 2 with a message, never with a traceback, and a
file that cannot be resumed is never written to."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.helpers.rules import PRESETS
from thousand_tui.cli import main
from thousand_tui.engine.record import RecordError, rebuild
from thousand_tui.store import catalog as saves
from thousand_tui.store.records import read_record

from .helpers import finished_record, record

# The default run's examples; each test has a `_long` twin under `pytest -m slow`.
FUZZ = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
LONG = settings(FUZZ, max_examples=1000)  # `pytest -m slow`: new examples every run

# Field names of docs/record.md, so that fuzzed lines look like records often enough to go deep.
FIELDS = [
    "type",
    "format",
    "version",
    "preset",
    "rules",
    "seed",
    "first_dealer",
    "created",
    "players",
    "start",
    "state",
    "deal_number",
    "number",
    "dealer",
    "sitting_out",
    "golden",
    "cut",
    "hands",
    "talon",
    "seat",
    "act",
    "value",
    "card",
    "to",
    "marriage",
    "keep_trump",
    "reason",
    "shown",
    "auto",
    "think_ms",
    "redeal",
    "declarer",
    "contract",
    "multiplier",
    "conceded",
    "dark",
    "card_points",
    "marriage_points",
    "tricks",
    "made",
    "deltas",
    "events",
    "winner",
    "scores",
    "deals",
    "name",
    "kind",
    "level",
    "players",
    "bidding",
    "min",
    "step",
]
TYPES = ("game", "deal", "action", "result", "end", "note")
ACTS = ("bid", "pass", "dark", "take_talon", "give", "discard", "raise", "concede", "play")

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-5, max_value=1200)
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from([*TYPES, *ACTS, "thousand-record", "AH", "TH", "9S", "KH", "H", "classic"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=20,
)
LINES = st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=8).map(
    lambda line: line if "type" in line else {**line, "type": "action"}
)


@cache
def sample_records() -> dict[str, bytes]:
    """Real records: a game in progress of each preset and a finished one."""
    made: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for preset in PRESETS:
            path = Path(tmp) / f"{preset}.jsonl"
            record(path, preset, seed=11, decisions=60)
            made[preset] = path.read_bytes()
        path = Path(tmp) / "finished.jsonl"
        finished_record(path, "two-player", seed=5)
        made["finished"] = path.read_bytes()
    return made


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "record.jsonl"


def clear(error: Exception) -> str:
    message = str(error)
    assert message.strip(), "an empty message"
    assert "Traceback" not in message
    return message


def check_file(path: Path, capsys: pytest.CaptureFixture[str] | None = None) -> None:
    """Everything the program does with a record file, on whatever the file holds."""
    before = path.read_bytes()
    try:
        loaded = read_record(path)
    except RecordError as error:
        clear(error)
        event("not read")
    else:
        for recorded in loaded.games:
            try:
                _game, mismatch = rebuild(recorded)
            except RecordError as error:
                clear(error)
                event("read, does not replay")
            else:
                event("replays" if mismatch is None else "replays with a difference")
                if mismatch is not None:
                    assert str(mismatch).isascii() and str(mismatch).strip()
    save = saves.describe_save(path)
    assert save.error is None or save.error.strip()
    saves.format_games([save], path.parent).encode("utf-8")
    if capsys is not None:
        check_replay(path, capsys)
    assert path.read_bytes() == before, "reading a record changed it"
    check_resume(path, before)


def check_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status in (0, 1, 2)
    assert "Traceback" not in out + err
    if status == 2:
        assert err.startswith("thousand: ") and err.strip()
    else:
        assert str(path) in out


def check_resume(path: Path, before: bytes) -> None:
    try:
        resumed = saves.resume(path)
    except RecordError as error:
        clear(error)
        assert path.read_bytes() == before, "a record that cannot be resumed was changed"
        event("resume refused")
        return
    event("resumed")
    resumed.writer.close()
    after = path.read_bytes()
    assert after.startswith(before[: before.rstrip(b"\n").rfind(b"\n") + 1])
    again = read_record(path)
    assert not again.truncated
    assert rebuild(again.games[-1])[1] is None


# ---------------------------------------------------------------------- fuzzing


BYTES = given(data=st.binary(max_size=3000))
TAILS = given(preset=st.sampled_from(PRESETS), tail=st.binary(max_size=400))
JSON_LINES = given(lines=st.lists(LINES | JSON, max_size=8), header=st.booleans())
GAME_LINES = given(
    header=st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=8), rest=st.integers(0, 30)
)


def any_bytes(record_file: Path, data: bytes) -> None:
    record_file.write_bytes(data)
    check_file(record_file)


def followed_by_any_bytes(record_file: Path, preset: str, tail: bytes) -> None:
    record_file.write_bytes(sample_records()[preset] + tail)
    check_file(record_file)


def any_json_lines(record_file: Path, lines: list[Any], header: bool) -> None:
    first = [json.loads(sample_records()["classic"].splitlines()[0])] if header else []
    record_file.write_text("".join(json.dumps(line) + "\n" for line in first + lines))
    check_file(record_file)


def any_game_line(record_file: Path, header: dict[str, Any], rest: int) -> None:
    """A game line with the right format and version but any other fields, then real lines."""
    lines = [json.loads(row) for row in sample_records()["classic"].splitlines()]
    lines[0] = {**header, "type": "game", "format": "thousand-record", "version": 1}
    record_file.write_text("".join(json.dumps(line) + "\n" for line in lines[: rest + 1]))
    check_file(record_file)


@FUZZ
@BYTES
def test_any_bytes(record_file: Path, data: bytes) -> None:
    any_bytes(record_file, data)


@pytest.mark.long
@FUZZ
@TAILS
def test_a_real_record_followed_by_any_bytes(record_file: Path, preset: str, tail: bytes) -> None:
    followed_by_any_bytes(record_file, preset, tail)


@pytest.mark.long
@FUZZ
@JSON_LINES
def test_any_json_lines(record_file: Path, lines: list[Any], header: bool) -> None:
    any_json_lines(record_file, lines, header)


@pytest.mark.long
@FUZZ
@GAME_LINES
def test_any_game_line(record_file: Path, header: dict[str, Any], rest: int) -> None:
    any_game_line(record_file, header, rest)


@pytest.mark.slow
@LONG
@BYTES
def test_any_bytes_long(record_file: Path, data: bytes) -> None:
    any_bytes(record_file, data)


@pytest.mark.slow
@LONG
@TAILS
def test_a_real_record_followed_by_any_bytes_long(
    record_file: Path, preset: str, tail: bytes
) -> None:
    followed_by_any_bytes(record_file, preset, tail)


@pytest.mark.slow
@LONG
@JSON_LINES
def test_any_json_lines_long(record_file: Path, lines: list[Any], header: bool) -> None:
    any_json_lines(record_file, lines, header)


@pytest.mark.slow
@LONG
@GAME_LINES
def test_any_game_line_long(record_file: Path, header: dict[str, Any], rest: int) -> None:
    any_game_line(record_file, header, rest)


Mutation = Callable[[list[Any], st.DataObject], None]


def pick_node(data: st.DataObject, node: Any) -> tuple[Any, Any] | None:
    """A (container, key) somewhere inside a line, drawn at random."""
    parent = None
    while isinstance(node, (dict, list)) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys))
        parent = (node, key)
        if not data.draw(st.booleans()):
            break
        node = node[key]
    return parent


def set_value(lines: list[Any], data: st.DataObject) -> None:
    line = lines[data.draw(st.integers(0, len(lines) - 1))]
    spot = pick_node(data, line)
    if spot is not None:
        spot[0][spot[1]] = data.draw(JSON)


def drop_value(lines: list[Any], data: st.DataObject) -> None:
    line = lines[data.draw(st.integers(0, len(lines) - 1))]
    spot = pick_node(data, line)
    if spot is not None:
        del spot[0][spot[1]]


def delete_line(lines: list[Any], data: st.DataObject) -> None:
    if len(lines) > 1:
        del lines[data.draw(st.integers(1, len(lines) - 1))]


def duplicate_line(lines: list[Any], data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(lines) - 1))
    lines.insert(data.draw(st.integers(0, len(lines))), copy.deepcopy(lines[index]))


def swap_lines(lines: list[Any], data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(lines) - 1))
    j = data.draw(st.integers(0, len(lines) - 1))
    lines[i], lines[j] = lines[j], lines[i]


def move_card(lines: list[Any], data: st.DataObject) -> None:
    """Deal lines stay a deck of 24 cards, but not as the game deals them."""
    # Earlier mutations may have broken a deal line's hands; move cards only between lists.
    deals = [
        line
        for line in lines
        if isinstance(line, dict)
        and line.get("type") == "deal"
        and isinstance(line.get("hands"), list)
        and any(isinstance(hand, list) for hand in line["hands"])
    ]
    if not deals:
        return
    hands = data.draw(st.sampled_from(deals))["hands"]
    piles = [hand for hand in hands if isinstance(hand, list)]
    source = data.draw(st.sampled_from(piles))
    if source:
        card = source.pop(data.draw(st.integers(0, len(source) - 1)))
        data.draw(st.sampled_from(piles)).append(card)


MUTATIONS: tuple[Mutation, ...] = (
    set_value,
    drop_value,
    delete_line,
    duplicate_line,
    swap_lines,
    move_card,
)


SAMPLES = st.sampled_from(["classic", "family", "two-player", "four-player", "finished"])


def mutate_and_check(
    record_file: Path, capsys: pytest.CaptureFixture[str], sample: str, data: st.DataObject
) -> None:
    lines = [json.loads(row) for row in sample_records()[sample].splitlines()]
    for mutation in data.draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3)):
        mutation(lines, data)
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()
    if data.draw(st.booleans()):
        text = text[: data.draw(st.integers(0, len(text)))]
    record_file.write_bytes(text)
    check_file(record_file, capsys)


def damage_and_check(
    record_file: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    raw = bytearray(sample_records()[data.draw(st.sampled_from(PRESETS))])
    for _ in range(data.draw(st.integers(1, 4))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    record_file.write_bytes(bytes(raw))
    check_file(record_file, capsys)


@pytest.mark.long
@FUZZ
@given(sample=SAMPLES, data=st.data())
def test_mutated_real_records(
    record_file: Path, capsys: pytest.CaptureFixture[str], sample: str, data: st.DataObject
) -> None:
    mutate_and_check(record_file, capsys, sample, data)


@pytest.mark.long
@FUZZ
@given(data=st.data())
def test_damaged_bytes_of_real_records(
    record_file: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    damage_and_check(record_file, capsys, data)


@pytest.mark.slow
@LONG
@given(sample=SAMPLES, data=st.data())
def test_mutated_real_records_long(
    record_file: Path, capsys: pytest.CaptureFixture[str], sample: str, data: st.DataObject
) -> None:
    mutate_and_check(record_file, capsys, sample, data)


@pytest.mark.slow
@LONG
@given(data=st.data())
def test_damaged_bytes_of_real_records_long(
    record_file: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    damage_and_check(record_file, capsys, data)


def test_the_samples_replay(record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for raw in sample_records().values():
        record_file.write_bytes(raw)
        assert main(["replay", str(record_file)]) == 0
        assert "every result agrees" in capsys.readouterr().out


# ---------------------------------------------------------------------- the real command


def hostile_files(tmp_path: Path) -> dict[str, tuple[Path, int, str]]:
    """Files, the exit status of `thousand replay` on them and a word of its message."""
    sample = sample_records()["classic"]
    rows = sample.splitlines(keepends=True)
    header = json.loads(rows[0])
    files = {
        "garbage": (b"\x00\xffPK\x03\x04 not a record", 2, "not a game record"),
        "deep": (b"[" * 100_000 + b"\n", 2, "not a game record"),
        "long number": (rows[0] + b'{"type":"action","seat":' + b"9" * 5000 + b"}\n", 2, "long"),
        "newer": (json.dumps(header | {"version": 2}).encode() + b"\n", 2, "newer"),
        "cut off": (sample[: len(sample) - 5], 0, "cut off"),
        "differs": (sample.replace(b'"act":"pass"', b'"act":"bid","value":300', 1), 1, "differ"),
        "empty": (b"", 2, "no 'game' line"),
    }
    made: dict[str, tuple[Path, int, str]] = {}
    for name, (content, status, word) in files.items():
        path = tmp_path / f"{name.replace(' ', '-')}.jsonl"
        path.write_bytes(content)
        made[name] = (path, status, word)
    made["folder"] = (tmp_path, 2, "not a regular file")
    made["missing"] = (tmp_path / "missing.jsonl", 2, "no such file")
    return made


@pytest.mark.long
def test_thousand_replay_on_hostile_files(tmp_path: Path) -> None:
    for name, (path, status, word) in hostile_files(tmp_path).items():
        done = subprocess.run(
            [sys.executable, "-m", "thousand_tui", "replay", str(path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        output = done.stdout + done.stderr
        assert done.returncode == status, (name, output)
        assert word in output, (name, output)
        assert "Traceback" not in output, (name, output)
