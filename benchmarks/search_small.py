"""Benchmark of the independent-life proof search on generated small local problems.

Each problem is a corner region of a small board: a black group (the target's
owner) around a random eye space, or random stones, inside a white wall whose
liberties lie outside the search area (so the wall cannot be captured and the
problem is local, as design.md section 2 layer 2 sets it up).  Prints the node
rate, the median and 95th-percentile time per problem and the share proven
within the budget.

Usage::

    python benchmarks/search_small.py [--problems 200] [--seed 1] [--max-nodes 50000] [--max-seconds 2]
                                      [--area region|empty] [--no-tt] [--deepening]

``--area empty`` restricts plays to the region's empty points, so captured
stones stay captured (the classic life-and-death framing); the default lets
the owner rebuild on captured points, as AJR allows, which makes the trees far
larger.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from adjudicator.analysis.search import prove_independent_life
from adjudicator.board import Position
from adjudicator.errors import InvalidPosition


def corner_problem(rng: random.Random, kind: str) -> tuple[Position, tuple[int, int], int] | None:
    """One random corner problem: ``(position, target, area)``, or None if it is not legal."""
    size = 7
    rows, cols = rng.randint(2, 4), rng.randint(3, 5)
    # the region is the top-left corner: rows size-rows .. size-1, columns 0 .. cols-1
    region = {(size - 1 - r, c) for r in range(rows) for c in range(cols)}
    ring = set()
    for r, c in region:
        for q in ((r - 1, c), (r, c + 1), (r - 1, c + 1)):
            if 0 <= q[0] < size and 0 <= q[1] < size and q not in region:
                ring.add(q)
    black, white = set(), set(ring)
    if kind == "eyespace":
        # black lines the inside of the wall; the eye space is the rest, with a few white stones
        for r, c in region:
            inner = (r - 1, c) in ring or (r, c + 1) in ring or (r - 1, c + 1) in ring
            if inner and rng.random() < 0.92:
                black.add((r, c))
            elif not inner and rng.random() < 0.12:
                white.add((r, c))
    else:
        for point in region:
            x = rng.random()
            if x < 0.4:
                black.add(point)
            elif x < 0.6:
                white.add(point)
    if not black:
        return None
    try:
        pos = Position.from_points(size, black, white)
    except InvalidPosition:
        return None
    area = 0
    for r, c in region:
        area |= 1 << (r * size + c)
    return pos, rng.choice(sorted(black)), area


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=50_000)
    parser.add_argument("--max-seconds", type=float, default=2.0)
    parser.add_argument("--no-tt", action="store_true", help="switch the transposition table off")
    parser.add_argument("--deepening", action="store_true", help="use iterative deepening")
    parser.add_argument(
        "--area",
        choices=["region", "empty"],
        default="region",
        help="search area: the whole corner region (captured points can be replayed) or its empty points only",
    )
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    times: list[float] = []
    nodes = 0
    statuses: dict[str, int] = {}
    started = time.perf_counter()
    while len(times) < args.problems:
        kind = "eyespace" if len(times) % 2 == 0 else "random"
        problem = corner_problem(rng, kind)
        if problem is None:
            continue
        pos, target, area = problem
        if args.area == "empty":
            area &= pos.empty_bits
        result = prove_independent_life(
            pos,
            target,
            area=area,
            max_nodes=args.max_nodes,
            max_seconds=args.max_seconds,
            transposition_table=not args.no_tt,
            iterative_deepening=args.deepening,
        )
        times.append(result.seconds)
        nodes += result.nodes
        statuses[result.status] = statuses.get(result.status, 0) + 1
    total = time.perf_counter() - started
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    proven = len(times) - statuses.get("unknown", 0)
    budget = f"budget {args.max_nodes} nodes / {args.max_seconds:g} s"
    print(f"problems            {len(times)} (seed {args.seed}, {budget}, area {args.area})")
    print(f"statuses            {dict(sorted(statuses.items()))}")
    print(f"proven in budget    {proven / len(times):.1%}")
    print(f"nodes/s             {nodes / sum(times):,.0f}")
    print(f"time per problem    median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")
    print(f"wall clock          {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
