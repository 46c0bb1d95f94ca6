"""Region safety on real regions: nodes, seconds and proofs of the local game (analysis/safety.py).

Takes the final positions of the same fixed sample as ``benchmarks/life.py`` (KGS games,
seed 20261122), collects every P-region (for both colours) with between ``--min-empty``
and ``--max-empty`` empty points and at most ``--max-points`` points, and runs
``local_region_value`` on each with the demand ``--need`` and a fixed node budget, with
and without the decomposition of the local game into parts (``--mode``).  Prints, per
size class, how many regions were settled (won / lost) and the nodes and seconds spent.
Node counts and values are deterministic; seconds depend on the machine's load.
``--need 12`` searches each region with demand 1 and then demand 2 (both counted, the
second as its own search); with ``--reuse`` the second is seeded with the first's memo,
as ``safe_groups`` does (``_LocalSearch.reuse``).

    python benchmarks/safety_regions.py [--games 200] [--min-empty 11] [--max-empty 25]
        [--need 1|2|12] [--reuse] [--nodes 20000] [--mode both|split|plain]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.safety import _region_value, _wall_chains  # noqa: E402
from adjudicator.board import Color, Position, dilate, flood, geometry  # noqa: E402
from adjudicator.errors import AdjudicatorError  # noqa: E402
from adjudicator.history import replay  # noqa: E402
from adjudicator.rules import parse_ruleset  # noqa: E402
from adjudicator.sgfio import read_sgf  # noqa: E402


def final_positions(data: pathlib.Path, games: int, seed: int) -> list[Position]:
    """The 19x19 final positions of the fixed sample (cached in /tmp: replaying takes a while)."""
    cache = pathlib.Path("/tmp") / f"safety_regions_{games}_{seed}.json"
    if cache.exists():
        return [Position(19, b, w) for b, w in json.loads(cache.read_text())]
    rules = parse_ruleset("japanese")
    files = sorted(data.glob("*/*.sgf"))
    sample = sorted(random.Random(seed).sample(files, min(games, len(files))))
    out = []
    for path in sample:
        try:
            final = replay(read_sgf(path), rules).final
        except AdjudicatorError:
            continue
        if final.size == 19:
            out.append(Position(19, final.black, final.white))
    tmp = cache.with_suffix(".tmp")
    tmp.write_text(json.dumps([[p.black, p.white] for p in out]))
    tmp.rename(cache)
    return out


def regions(pos: Position, lo: int, hi: int, max_points: int, min_points: int = 0):
    g = geometry(pos.size)
    for color in (Color.BLACK, Color.WHITE):
        rest = g.full & ~pos.stones(color)
        while rest:
            r = flood(rest & -rest, rest, g)
            rest &= ~r
            n = (r & pos.empty_bits).bit_count()
            if lo <= n <= hi and min_points <= r.bit_count() <= max_points and dilate(r, g) & pos.stones(color):
                yield color, r, n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=pathlib.Path, default=ROOT.parent / "shared" / "data" / "games" / "kgs")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--min-empty", type=int, default=11)
    ap.add_argument("--max-empty", type=int, default=25)
    ap.add_argument("--max-points", type=int, default=40)
    ap.add_argument("--min-points", type=int, default=0)
    ap.add_argument("--need", type=int, choices=(1, 2, 12), default=1)
    ap.add_argument("--reuse", action="store_true", help="with --need 12: seed demand 2 with demand 1's memo")
    ap.add_argument("--nodes", type=int, default=20_000)
    ap.add_argument("--mode", choices=("both", "split", "plain"), default="both")
    ap.add_argument("--limit", type=int, default=0, help="stop after this many regions (0: all)")
    args = ap.parse_args(argv)
    positions = final_positions(args.data, args.games, args.seed)
    todo = [(pos, c, r, n) for pos in positions
            for c, r, n in regions(pos, args.min_empty, args.max_empty, args.max_points, args.min_points)]
    if args.limit:
        todo = todo[:args.limit]
    modes = {"both": (False, True), "split": (True,), "plain": (False,)}[args.mode]
    need = "1 then 2" + (" (memo reused)" if args.reuse else "") if args.need == 12 else str(args.need)
    print(f"{len(positions)} final positions, {len(todo)} regions with {args.min_empty}-{args.max_empty} empty points "
          f"and {args.min_points}-{args.max_points} points; demand {need}, budget {args.nodes:,} nodes per search")
    unit = "searches" if args.need == 12 else "regions"
    results = {}
    for split in modes:
        stats = defaultdict(lambda: [0, 0, 0, 0, 0.0])  # searches, won, lost, nodes, seconds
        values = []
        for pos, color, r, n in todo:
            walls = _wall_chains(pos, color, r)
            known: list | None = [] if args.reuse else None
            for need in ((1, 2) if args.need == 12 else (args.need,)):
                t0 = time.process_time()
                v, nodes = _region_value(pos, color, r, {w: need for w in walls}, args.nodes, split, known)
                dt = time.process_time() - t0
                cls = f"{n // 5 * 5:2d}-{n // 5 * 5 + 4:2d}"
                s = stats[cls]
                s[0] += 1
                s[1] += v is True
                s[2] += v is False
                s[3] += nodes
                s[4] += dt
                values.append(v)
        results[split] = values
        name = "with decomposition" if split else "without decomposition"
        print(f"{name}:")
        tot = [0, 0, 0, 0, 0.0]
        for cls in sorted(stats):
            s = stats[cls]
            tot = [a + b for a, b in zip(tot, s)]
            print(f"  empty {cls}: {s[0]:4d} {unit}, won {s[1]:4d}, lost {s[2]:4d}, "
                  f"out of budget {s[0] - s[1] - s[2]:4d}; {s[3]:>11,} nodes, {s[4]:7.1f} s")
        print(f"  all     : {tot[0]:4d} {unit}, won {tot[1]:4d}, lost {tot[2]:4d}, "
              f"out of budget {tot[0] - tot[1] - tot[2]:4d}; {tot[3]:>11,} nodes, {tot[4]:7.1f} s")
    if len(results) == 2:
        clash = sum(1 for a, b in zip(results[False], results[True]) if a is not None and b is not None and a != b)
        print(f"values settled by both and different: {clash}")
        if clash:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
