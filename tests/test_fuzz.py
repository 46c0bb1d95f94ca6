"""Fuzzing the SGF reader and the CLI: whatever the bytes, either a replay or an AdjudicatorError.

Inputs are random bytes, random strings of SGF tokens, and real KGS records
mutated (byte flips, deletions, insertions, duplicated and swapped slices).
Each goes through the library path of ``adjudicator replay`` (parse, replay,
render, JSON) and, fewer of them, through :func:`adjudicator.cli.main` itself.

The examples are derandomised so the suite is stable; ``benchmarks/fuzz_sgf.py``
explores with fresh seeds over the whole KGS set.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cli import main
from adjudicator.errors import AdjudicatorError
from adjudicator.report import render_replay, replay_sgf, replay_to_dict

ROOT = Path(__file__).parent.parent
SEEDS = [p.read_bytes() for p in sorted((Path(__file__).parent / "data").glob("*.sgf"))]

FUZZ = settings(
    max_examples=200,
    deadline=timedelta(seconds=5),  # typical runs take milliseconds; this catches hangs, not noise
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# Random SGF built from nodes of plausible properties: reaches past the parser
# into sizes, komi, setup, moves, passes and the replay itself.
IDENTS = [b"B", b"W", b"B", b"W", b"AB", b"AW", b"AE", b"PL", b"SZ", b"KM", b"HA", b"RU", b"RE", b"CA", b"C", b"TB"]
VALUES = [
    b"", b"tt", b"aa", b"dd", b"ss", b"zz", b"dd:ff", b"aa:ss", b"9", b"19", b"2", b"1", b"26", b"6.5", b"abc",
    b"B", b"W", b"-1", b"1e999", b"UTF-8", b"zlib", b"idna", b"utf-16", b"x\\]y", b"dd ", b"\xff",
]
POINT = st.text(alphabet="abcdefghijklmnopqrs", min_size=2, max_size=2).map(str.encode)
PROPERTY = st.tuples(
    st.sampled_from(IDENTS),
    st.lists(st.one_of(POINT, POINT, st.sampled_from(VALUES)), min_size=1, max_size=3),
).map(lambda p: p[0] + b"".join(b"[" + v + b"]" for v in p[1]))
NODE = st.lists(PROPERTY, max_size=3).map(lambda props: b";" + b"".join(props))
SGF = st.tuples(
    st.sampled_from([b"", b"SZ[9]", b"SZ[5]", b"SZ[19]", b"SZ[2]", b"SZ[25]"]),
    st.lists(NODE, max_size=60),
    st.lists(st.lists(NODE, min_size=1, max_size=5), max_size=2),
).map(lambda t: b"(;" + t[0] + b"".join(t[1]) + b"".join(b"(" + b"".join(v) + b")" for v in t[2]) + b")")

# Node-level edits of a real record (as a list of nodes) and byte-level edits.
EXTRA_NODES = [b";B[]", b";W[]", b";B[tt]", b";AB[dd]", b";AE[dd]", b";AW[pp]PL[W]", b";W[dd]B[ee]", b";B[zz]", b";C[x]"]


def split_nodes(data: bytes) -> list[bytes]:
    head, *nodes = data.split(b";")
    return [head] + [b";" + n for n in nodes]


def mutate(data: bytes, ops: list[tuple[int, int, int, int]]) -> bytes:
    """Apply ``ops`` = (kind, position, length, byte) to ``data``; positions wrap around.

    Kinds 0-2 edit whole nodes (the splits at ``;``), 3-6 edit bytes.
    """
    for kind, pos, length, byte in ops:
        nodes = split_nodes(data)
        n = len(nodes)
        i = 1 + pos % (n - 1) if n > 1 else 0
        k = 1 + (pos + length) % (n - 1) if n > 1 else 0
        if kind == 0:  # swap two nodes (moves or properties change places)
            nodes[i], nodes[k] = nodes[k], nodes[i]
        elif kind == 1:  # duplicate or delete a node
            if byte % 2:
                nodes.insert(i, nodes[i])
            elif n > 1:
                del nodes[i]
        elif kind == 2:  # insert a node: a pass, setup, a bad move ...
            nodes.insert(i, EXTRA_NODES[byte % len(EXTRA_NODES)])
        data = b"".join(nodes)
        if kind < 3 or not data:
            continue
        buf = bytearray(data)
        j = pos % len(buf)
        if kind == 3:  # flip a byte
            buf[j] ^= byte or 1
        elif kind == 4:  # delete or duplicate a short slice
            if byte % 2:
                del buf[j:j + 1 + length % 16]
            else:
                buf[j:j] = buf[j:j + 1 + length % 64]
        elif kind == 5:  # overwrite a byte with a letter (a move changes place)
            buf[j] = 97 + byte % 26
        elif byte % 4 == 0:  # truncate (now and then: it usually just ends the story)
            del buf[j:]
        data = bytes(buf)
    return data


OPS = st.lists(
    st.tuples(st.integers(0, 6), st.integers(0, 10**6), st.integers(0, 10**3), st.integers(0, 255)),
    min_size=1,
    max_size=6,
)


def run_library_path(data: bytes) -> None:
    """What ``adjudicator replay`` does with the bytes; only AdjudicatorError may escape."""
    start = time.perf_counter()
    try:
        result = replay_sgf(data, "fuzz.sgf")
    except AdjudicatorError as e:
        message = str(e)
        assert message and "\n" not in message
    else:
        render_replay(result)
        json.dumps(replay_to_dict(result))
    assert time.perf_counter() - start < 10


@FUZZ
@given(st.one_of(st.binary(max_size=2000), st.binary(max_size=2000).map(lambda b: b"(;" + b)))
def test_random_bytes(data):
    run_library_path(data)


@FUZZ
@given(SGF)
def test_random_sgf_records(data):
    run_library_path(data)


@FUZZ
@given(st.sampled_from(SEEDS), OPS)
def test_mutated_real_records(seed, ops):
    run_library_path(mutate(seed, ops))


@pytest.fixture(scope="module")
def workdir():
    with tempfile.TemporaryDirectory() as d:
        yield Path(d)


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as e:
            code = e.code
        else:  # pragma: no cover - main always exits
            code = None
    return code, out.getvalue(), err.getvalue()


@settings(FUZZ, max_examples=60)
@given(st.sampled_from(SEEDS), OPS, st.sampled_from([[], ["--json"], ["--strict"], ["--rules", "j1989"]]))
def test_mutated_records_through_main(workdir, seed, ops, options):
    path = workdir / "fuzz.sgf"
    data = mutate(seed, ops)
    path.write_bytes(data)
    code, out, err = run_main(["replay", *options, str(path)])
    assert "Traceback" not in out + err
    if code == 0:
        assert err == ""
        if options == ["--json"]:
            json.loads(out)
    else:
        assert code == 1, err
        assert out == ""
        assert err.startswith("error: ") and err.count("\n") == 1
    assert path.read_bytes() == data  # the input is never modified


def test_hostile_inputs_through_a_real_process(workdir):
    """A few nasty shapes, through ``python -m adjudicator``: exit 0 or 1, one line, quickly."""
    cases = {
        "deep.sgf": b"(;" + b"(;" * 150_000 + b")" * 150_001,
        "many-values.sgf": b"(;C" + b"[x]" * 1_100_000 + b")",
        "unterminated.sgf": b"(;C[" + b"x" * 3_000_000,
        "brackets.sgf": b"(;C" + b"[" * 3_000_000,
        "huge-size.sgf": b"(;SZ[" + b"9" * 100_000 + b"])",
        "huge-komi.sgf": b"(;KM[" + b"9" * 100_000 + b"])",
        "rectangles.sgf": b"(;SZ[19]" + b";AB[aa:ss]AE[aa:ss]" * 10 + b")",
        "nul.sgf": b"\x00" * 1000,
    }
    for name, data in cases.items():
        path = workdir / name
        path.write_bytes(data)
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "adjudicator", "replay", str(path)],
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )
        assert time.perf_counter() - start < 20, name
        assert proc.returncode in (0, 1), (name, proc.stderr)
        assert "Traceback" not in proc.stderr, name
        if proc.returncode == 1:
            assert proc.stdout == "" and proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1, name
