"""Fuzz the SGF reader and replay with mutated real KGS records.

Usage::

    python benchmarks/fuzz_sgf.py [--n N] [--seed S] [--data PATH] [--timeout SECONDS] [--save DIR]

Picks N records from ``PATH/games/kgs`` (default: ``../shared/data`` next to the
repository root), applies 1 to 6 random mutations to each (byte flips,
truncations, duplicated or deleted slices, swapped properties, swapped,
duplicated, deleted or inserted nodes, random bytes), writes the result to a
temporary file and runs it through exactly what ``adjudicator replay`` runs:
``report.replay_file`` then ``render_replay`` and ``replay_to_dict`` (as JSON).

Each input is classified:

- ok: replayed and reported;
- clean error: an ``AdjudicatorError`` with a one-line message starting with
  the file name (what the CLI prints as ``error: ...``, exit 1);
- crash: any other exception, or an error message that breaks those rules;
- timeout: took longer than ``--timeout`` seconds (SIGALRM).

Prints the counts, the most common clean errors and every crash or timeout
with the file, seed and mutations to reproduce it; exits 1 if any input crashed
or timed out.  ``--save DIR`` keeps those inputs.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from adjudicator.errors import AdjudicatorError  # noqa: E402
from adjudicator.report import render_replay, replay_file, replay_to_dict  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data"
PROPERTY = re.compile(rb"[A-Z]{1,2}(?:\[(?:[^\\\]]|\\.)*\])+")
EXTRA_NODES = [b";B[]", b";W[]", b";B[tt]", b";W[tt]", b";AB[dd]", b";AE[dd]", b";AW[pp]PL[W]", b";B[zz]", b";W[dd]B[ee]"]


class Timeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise Timeout()


# -- mutations: each takes (bytes, Random) and returns (bytes, description) ------------


def flip(data: bytes, rng: Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data))
    b = rng.randrange(1, 256)
    return data[:i] + bytes([data[i] ^ b]) + data[i + 1:], f"flip@{i}^{b}"


def truncate(data: bytes, rng: Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data))
    return data[:i], f"truncate@{i}"


def duplicate(data: bytes, rng: Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.randint(1, 200))
    return data[:j] + data[i:j] + data[j:], f"duplicate[{i}:{j}]"


def delete(data: bytes, rng: Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.randint(1, 50))
    return data[:i] + data[j:], f"delete[{i}:{j}]"


def insert_bytes(data: bytes, rng: Random) -> tuple[bytes, str]:
    i = rng.randrange(len(data) + 1)
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return data[:i] + junk + data[i:], f"insert@{i}:{junk.hex()}"


def swap_properties(data: bytes, rng: Random) -> tuple[bytes, str]:
    spans = [m.span() for m in PROPERTY.finditer(data)]
    if len(spans) < 2:
        return flip(data, rng)
    (a, b), (c, d) = sorted(rng.sample(spans, 2))
    return data[:a] + data[c:d] + data[b:c] + data[a:b] + data[d:], f"swap-properties[{a}:{b}]<->[{c}:{d}]"


def edit_nodes(data: bytes, rng: Random) -> tuple[bytes, str]:
    head, *nodes = data.split(b";")
    nodes = [b";" + n for n in nodes]
    if not nodes:
        return flip(data, rng)
    i = rng.randrange(len(nodes))
    what = rng.choice(["swap", "duplicate", "delete", "insert"])
    if what == "swap":
        k = rng.randrange(len(nodes))
        nodes[i], nodes[k] = nodes[k], nodes[i]
        what += f"@{i},{k}"
    elif what == "duplicate":
        nodes.insert(i, nodes[i])
        what += f"@{i}"
    elif what == "delete":
        del nodes[i]
        what += f"@{i}"
    else:
        extra = rng.choice(EXTRA_NODES)
        nodes.insert(i, extra)
        what += f"@{i}:{extra.decode()}"
    return head + b"".join(nodes), f"node-{what}"


MUTATIONS = [flip, flip, truncate, duplicate, delete, insert_bytes, swap_properties, swap_properties, edit_nodes, edit_nodes]


def mutate(data: bytes, rng: Random) -> tuple[bytes, list[str]]:
    steps = []
    for _ in range(rng.randint(1, 6)):
        if not data:
            data = b"(;"
        data, step = rng.choice(MUTATIONS)(data, rng)
        steps.append(step)
    return data, steps


# -- one run ---------------------------------------------------------------------------


def run_one(path: Path, timeout: float) -> tuple[str, str, list[str]]:
    """Classify one input as ok / clean error / crash / timeout; a detail line; finding kinds."""
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        result = replay_file(path)
        render_replay(result)
        json.dumps(replay_to_dict(result))
    except Timeout:
        return "timeout", f"over {timeout:g} s", []
    except AdjudicatorError as e:
        message = str(e)
        if "\n" in message or not message.startswith(f"{path}: "):
            return "crash", f"badly formed error message: {message!r}", []
        return "clean error", message[len(str(path)) + 2:], []
    except Exception:
        return "crash", traceback.format_exc(limit=6), []
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return "ok", f"{result.moves} moves", [f.kind for f in result.findings]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1000, help="records to mutate and run (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help=f"shared data folder (default {DEFAULT_DATA})")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds allowed per input (default 10)")
    parser.add_argument("--save", type=Path, help="copy crashing and timed-out inputs into this folder")
    args = parser.parse_args(argv)

    files = sorted((args.data / "games" / "kgs").rglob("*.sgf"))
    if not files:
        print(f"no SGF files under {args.data / 'games' / 'kgs'} (use --data)", file=sys.stderr)
        return 2
    rng = Random(args.seed)
    signal.signal(signal.SIGALRM, _on_alarm)
    counts: collections.Counter[str] = collections.Counter()
    errors: collections.Counter[str] = collections.Counter()
    findings: collections.Counter[str] = collections.Counter()
    bad: list[str] = []
    slowest = (0.0, "")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.sgf"
        for index in range(args.n):
            source = rng.choice(files)
            data, steps = mutate(source.read_bytes(), rng)
            path.write_bytes(data)
            t0 = time.perf_counter()
            outcome, detail, kinds = run_one(path, args.timeout)
            elapsed = time.perf_counter() - t0
            slowest = max(slowest, (elapsed, f"#{index} {source.relative_to(args.data)}"))
            counts[outcome] += 1
            findings.update(kinds)
            if outcome == "clean error":
                errors[re.sub(r"\d+", "N", detail)[:50]] += 1
            elif outcome != "ok":
                bad.append(f"#{index} {outcome}: {source.relative_to(args.data)} {' '.join(steps)}\n  {detail.strip()}")
                if args.save:
                    args.save.mkdir(parents=True, exist_ok=True)
                    shutil.copy(path, args.save / f"{outcome}-{args.seed}-{index}.sgf")
    total = time.perf_counter() - start
    print(f"{args.n} mutated records from {len(files)} KGS files, seed {args.seed}, {total:.1f} s")
    for outcome in ("ok", "clean error", "crash", "timeout"):
        print(f"  {outcome:<12} {counts[outcome]}")
    print(f"  slowest      {slowest[0] * 1000:.0f} ms ({slowest[1]})")
    if findings:
        print("findings in the replayed records: " + ", ".join(f"{k} {n}" for k, n in findings.most_common()))
    if errors:
        print("most common clean errors:")
        for message, n in errors.most_common(8):
            print(f"  {n:>5}  {message}")
    for line in bad:
        print(line)
    return 1 if counts["crash"] or counts["timeout"] else 0


if __name__ == "__main__":
    sys.exit(main())
