"""GNU Go and ``adjudicator gtp`` answering the same GTP transcript, side by side.

Starts ``gnugo --mode gtp --japanese-rules`` (GNU Go 3.8, Debian package
``gnugo``) and ``python -m adjudicator gtp`` as subprocesses, sends both the
same commands and prints their replies next to each other as plain text (the
table in ``docs/gtp.md`` is this script's output):

1. a protocol transcript on an empty board (ids, a bad size, an unknown
   command, an occupied point, undo with nothing to take back, a bad line);
2. for each game (default: four finished KGS games of ``tests/data/kgs_sample``,
   all ending with two passes): ``loadsgf FILE``, ``final_score``,
   ``final_status_list dead`` and ``final_status_list seki``, with the record's
   ``RE``, the wall time of each engine's session (start to ``quit``) and the
   dead stones both name, only GNU Go names, only we name.

    python benchmarks/gtp_vs_gnugo.py [FILE.sgf ...] [--gnugo PATH] [--rules NAME]

Everything printed is measured in this run.
"""

from __future__ import annotations

import argparse
import itertools
import os
import pathlib
import platform
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "kgs_sample"
#: Four finished games with close results (B+2.5, W+1.5, B+1.5, W+2.5 in their RE).
DEFAULT_GAMES = [
    SAMPLE / "KGS2003-2003-06-29-14.sgf",
    SAMPLE / "KGS2003-2003-08-22-21.sgf",
    SAMPLE / "kgs-19-2006-2006-02-27-22.sgf",
    SAMPLE / "kgs-19-2017-03-new-2017-03-18-21.sgf",
]

PROTOCOL = """\
1 protocol_version
2 name
3 boardsize 30
4 boardsize 9
5 frobnicate
6 play b E5
7 play W e5
8 play white pass
9 undo
10 undo
11 undo
12 komi six
13 final_status_list dead
"""


def run(argv: list[str], transcript: str, cwd: pathlib.Path) -> tuple[list[str], float]:
    """Replies (without their closing empty lines) and wall seconds of one session ending with quit."""
    start = time.perf_counter()
    done = subprocess.run(argv, input=(transcript + "quit\n").encode(), capture_output=True, cwd=cwd, timeout=900)
    seconds = time.perf_counter() - start
    replies = done.stdout.decode("utf-8", "replace").split("\n\n")[:-1]
    return replies[:-1], seconds  # drop quit's reply


def side_by_side(commands: list[str], left: list[str], right: list[str], width: int = 40) -> list[str]:
    """Rows ``command | left reply | right reply``, multi-line replies continued on the next rows."""
    rows = [f"{'command':<26} {'GNU Go 3.8':<{width}} adjudicator", "-" * (26 + width + 24)]
    for cmd, a, b in zip(commands, left, right):
        for k, (x, y) in enumerate(itertools.zip_longest(a.split("\n"), b.split("\n"), fillvalue="")):
            rows.append(f"{cmd if k == 0 else '':<26} {x:<{width}} {y}".rstrip())
    return rows


def source_state() -> str:
    """The commit of the checkout, and whether ``adjudicator/`` has uncommitted changes (results depend on it)."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=ROOT, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "adjudicator"], capture_output=True, text=True,
                               cwd=ROOT, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "an unknown commit"
    return f"commit {commit}" + (" with uncommitted changes" if dirty else "")


def dead_stones(reply: str) -> set[str]:
    text = reply.split(" ", 1)[1] if " " in reply else ""
    return set(text.split())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=pathlib.Path, default=DEFAULT_GAMES)
    parser.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    parser.add_argument("--rules", default="japanese")
    args = parser.parse_args()
    if not os.access(args.gnugo, os.X_OK):
        print(f"error: GNU Go not found at {args.gnugo} (apt-get install -y gnugo)", file=sys.stderr)
        return 1
    gnugo = [args.gnugo, "--mode", "gtp", "--japanese-rules"]
    ours = [sys.executable, "-m", "adjudicator", "gtp", "--rules", args.rules]
    version = subprocess.run([args.gnugo, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    print(f"# {version}; adjudicator gtp --rules {args.rules} at {source_state()}; "
          f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs")
    print()
    print("Protocol transcript (empty board):")
    commands = PROTOCOL.splitlines()
    a, _ = run(gnugo, PROTOCOL, ROOT)
    b, _ = run(ours, PROTOCOL, ROOT)
    print("\n".join(side_by_side(commands, a, b)))
    for path in args.files:
        rel = os.path.relpath(path.resolve(), ROOT)
        transcript = f"loadsgf {rel}\nfinal_score\nfinal_status_list dead\nfinal_status_list seki\n"
        a, ta = run(gnugo, transcript, ROOT)
        b, tb = run(ours, transcript, ROOT)
        record = path.read_bytes().decode("latin-1")
        re_ = record.split("RE[", 1)[1].split("]", 1)[0] if "RE[" in record else "?"
        km = record.split("KM[", 1)[1].split("]", 1)[0] if "KM[" in record else "?"
        dead_a, dead_b = dead_stones(a[2]), dead_stones(b[2])
        print()
        print(f"{path.name}: RE[{re_}] KM[{km}]; session {ta:.2f} s (GNU Go), {tb:.2f} s (adjudicator)")
        commands = ["loadsgf FILE", "final_score", "final_status_list dead", "final_status_list seki"]
        print("\n".join(side_by_side(commands, a, b)))
        print(f"dead stones: {len(dead_a & dead_b)} named by both, only GNU Go: "
              f"{' '.join(sorted(dead_a - dead_b)) or '-'}, only adjudicator: {' '.join(sorted(dead_b - dead_a)) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
