"""Benchmark of the independent-life proof search on the ko precedents of ``cases/``.

Runs the AJR verdict (``adjudicator.report.life_of_vertex``, rules
``japanese``) of the strings whose local fights are kos: the three bent-four
positions (with Black's single stones of the outside-liberty one, alive by
capturing the corner) and the two double-ko sekis.  The budget is large by default so that
the node count to a proof is measured rather than the default budget's cut;
``--nodes 20000`` shows what the default budget (life.py's ``Budget``) proves.
Prints per string the status, how it was decided, the positions searched and
the seconds.

Usage::

    python benchmarks/search_ko.py [--nodes 3000000] [--seconds 600] [CASE[:VERTEX] ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from adjudicator.analysis.life import Budget
from adjudicator.report import life_of_vertex

ROOT = Path(__file__).resolve().parent.parent
CASES = [
    ("bent-four-in-the-corner", "A4"),
    ("bent-four-temporary-seki", "A4"),
    ("bent-four-outside-liberty", "A4"),
    ("bent-four-outside-liberty", "A2"),  # alive: Black captures the corner after the ko fight
    ("bent-four-outside-liberty", "B1"),
    ("double-ko-seki-gnugo", "B4"),
    ("double-ko-seki-gnugo", "A5"),
    ("double-ko-seki-goscorer", "B9"),
    ("double-ko-seki-goscorer", "C9"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=3_000_000, help="positions per search")
    parser.add_argument("--seconds", type=float, default=600.0, help="seconds per search")
    parser.add_argument("only", nargs="*", help="case names or case:vertex to run (default: all)")
    args = parser.parse_args(argv)
    budget = Budget(
        nodes=args.nodes, total_nodes=3 * args.nodes, seconds=args.seconds, total_seconds=2 * args.seconds
    )
    total = 0.0
    for case, vertex in CASES:
        if args.only and case not in args.only and f"{case}:{vertex}" not in args.only:
            continue
        started = time.perf_counter()
        _, verdict = life_of_vertex(ROOT / "cases" / f"{case}.sgf", vertex, rules="japanese", budget=budget)
        wall = time.perf_counter() - started
        total += wall
        print(
            f"{case:28} {vertex:3} {verdict.status:10} {verdict.provenance:8} "
            f"{verdict.nodes:>9,} nodes {verdict.seconds:8.2f} s",
            flush=True,
        )
    print(f"wall clock {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
