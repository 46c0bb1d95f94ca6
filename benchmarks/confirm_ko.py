"""Nodes and seconds of the J1989 / Korean confirmation search (analysis/confirm.py) on the ko cases.

    python benchmarks/confirm_ko.py [--plain] [--self-atari-anywhere] [--nodes N] [--seconds S] [--only CASE]

Runs ``confirm_life`` on the zone that ``analysis/life.py`` gives each string (the search the
``j1989`` and ``korean`` presets run), for every (case, string, ko mode) below.  ``--plain``
switches the exact shortcuts off (``shortcuts=False``: the search before them);
``--self-atari-anywhere`` switches off the move ordering that tries self-ataris of the mover's own
strings last (the order before it).  Prints one line per search: status, nodes, seconds.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from adjudicator.analysis import confirm
from adjudicator.analysis.confirm import confirm_life
from adjudicator.analysis.life import Budget, _prepare, _zone
from adjudicator.coords import point_from_vertex
from adjudicator.graph import Chain
from adjudicator.history import replay
from adjudicator.rules import J1989
from adjudicator.sgfio import read_sgf

CASES = Path(__file__).resolve().parent.parent / "cases"

RUNS = [
    ("bent-four-outside-liberty", "A4", "once"),
    ("double-bent-four", "B8", "once"),
    ("double-bent-four", "B8", "owner"),
    ("double-bent-four", "B8", "attacker"),
    ("double-bent-four", "F9", "once"),
    ("double-bent-four", "F9", "owner"),
    ("double-bent-four", "F9", "attacker"),
]


def zone_of(case: str, vertex: str):
    """The final position, the target point and life.py's zone of its string."""
    pos = replay(read_sgf(CASES / f"{case}.sgf"), J1989).final
    point = point_from_vertex(vertex, pos.size)
    ctx = _prepare(pos, J1989, Budget())
    stones = pos.chain(point)
    chain = next(n for n in ctx.G if isinstance(n, Chain) and n.stones == stones)
    return pos, point, _zone(ctx, chain)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plain", action="store_true", help="no shortcuts (the search before them)")
    parser.add_argument("--self-atari-anywhere", action="store_true",
                        help="order self-ataris like other plays (the move order before they came last)")
    parser.add_argument("--nodes", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--only", default="", help="run only the cases whose name contains this")
    args = parser.parse_args()
    if args.self_atari_anywhere:
        confirm._SELF_ATARI_LAST = False
    for case, vertex, mode in RUNS:
        if args.only not in case:
            continue
        pos, point, area = zone_of(case, vertex)
        started = time.perf_counter()
        r = confirm_life(pos, point, area=area, mode=mode, max_nodes=args.nodes, max_seconds=args.seconds,
                         shortcuts=not args.plain)
        print(f"{case} {vertex} {mode}: {r.status} {r.nodes} nodes {time.perf_counter() - started:.2f} s"
              f" (zone {area.bit_count()} points)", flush=True)


if __name__ == "__main__":
    main()
