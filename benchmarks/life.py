"""Life analysis speed and provenance on 200 real 19x19 final positions (issue 3's benchmark).

Draws a fixed, seeded sample of KGS games (all folders of ``../shared/data/games/kgs``,
benchmarks.md 2.1), replays each record and runs ``analyse_position`` on its final
position under the chosen rule set, on one core.  Prints the per-game median and p95
seconds, the total search nodes and the search rate (nodes per second of search), and
the share of strings by provenance (static / search / assumed).  Targets of issue 3:
median <= 2 s, p95 <= 10 s, assumed <= 10 % of strings.

    python benchmarks/life.py [--games 200] [--seed 20261122] [--rules japanese]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import adjudicator.analysis.life as life  # noqa: E402
from adjudicator.analysis.life import analyse_position  # noqa: E402
from adjudicator.board import Color, dilate, flood, geometry  # noqa: E402
from adjudicator.errors import AdjudicatorError  # noqa: E402
from adjudicator.history import replay  # noqa: E402
from adjudicator.rules import parse_ruleset  # noqa: E402
from adjudicator.sgfio import read_sgf  # noqa: E402


_SEARCHES = {"nodes": 0, "seconds": 0.0, "calls": 0}
_SAFETY = {"seconds": 0.0, "calls": 0}


def _timed_safety(proofs):
    """Wrap the life module's safety layer (analysis/safety.py) so that its processor seconds are summed."""
    def run(*args, **kwargs):
        t0 = time.process_time()
        result = proofs(*args, **kwargs)
        _SAFETY["seconds"] += time.process_time() - t0
        _SAFETY["calls"] += 1
        return result
    return run


def _counted(search):
    """Wrap the life module's local search so that its own nodes and seconds are summed."""
    def run(*args, **kwargs):
        result = search(*args, **kwargs)
        _SEARCHES["nodes"] += result.nodes
        _SEARCHES["seconds"] += result.seconds
        _SEARCHES["calls"] += 1
        return result
    return run


def settled_points(position, verdicts) -> int:
    """Board points whose owner the proofs settle: proven-alive stones, and every region of a
    colour (its empty points and the opponent's stones in it) bordered only by that colour's
    proven-alive chains and holding only opponent chains proven not alive.

    The measure of Niu and Müller ("An improved safety solver for computer Go", 2004: "more
    than half the points on the board" of a typical final position proven safe; Müller 1997:
    26.4 %), so that the string shares above can be put beside published figures.
    """
    g = geometry(position.size)
    proven = {v.stones: v for v in verdicts if v.provenance != "assumed"}
    alive = {Color.BLACK: 0, Color.WHITE: 0}
    dead = 0
    for v in proven.values():
        if v.status == "alive":
            alive[v.color] |= v.stones
        else:
            dead |= v.stones
    settled = alive[Color.BLACK] | alive[Color.WHITE]
    for color in (Color.BLACK, Color.WHITE):
        own = position.stones(color)
        theirs = position.stones(color.opponent)
        todo = g.full & ~own
        while todo:
            region = flood(todo & -todo, g.full & ~own, g)
            todo &= ~region
            border = dilate(region, g) & own
            if border and not border & ~alive[color] and not region & theirs & ~dead:
                settled |= region
    return settled.bit_count()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=pathlib.Path, default=ROOT.parent / "shared" / "data" / "games" / "kgs")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--rules", default="japanese")
    args = ap.parse_args(argv)
    rules = parse_ruleset(args.rules)
    life.prove_independent_life = _counted(life.prove_independent_life)
    life.safety_proofs = _timed_safety(life.safety_proofs)
    files = sorted(args.data.glob("*/*.sgf"))
    if not files:
        print(f"no games under {args.data}", file=sys.stderr)
        return 1
    sample = sorted(random.Random(args.seed).sample(files, min(args.games, len(files))))
    times, cpu, chains, stones = [], [], Counter(), Counter()
    points = []  # share of the board settled by proofs, per position
    skipped = 0
    for path in sample:
        try:
            final = replay(read_sgf(path), rules).final
        except AdjudicatorError as e:
            skipped += 1
            print(f"skipped {path.name}: {e}", file=sys.stderr)
            continue
        if final.size != 19:
            skipped += 1
            continue
        t0, c0 = time.perf_counter(), time.process_time()
        verdicts = analyse_position(final, rules)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        points.append(settled_points(final, verdicts) / (final.size * final.size))
        for v in verdicts:
            chains[v.provenance] += 1
            stones[v.provenance] += v.stones.bit_count()
    times.sort()
    cpu.sort()
    n_chains, n_stones = sum(chains.values()), sum(stones.values())
    print(f"rules {rules.name}; {len(times)} final positions (seed {args.seed}; {skipped} skipped: not 19x19 or unreadable)")
    print(f"seconds per position: median {statistics.median(times):.3f}, p95 {times[int(0.95 * (len(times) - 1))]:.3f}, "
          f"max {times[-1]:.3f}, total {sum(times):.1f}")
    print(f"processor seconds per position: median {statistics.median(cpu):.3f}, p95 {cpu[int(0.95 * (len(cpu) - 1))]:.3f}, "
          f"max {cpu[-1]:.3f}; of which the safety layer (analysis/safety.py, both colours) "
          f"{_SAFETY['seconds']:.1f} s in total, {_SAFETY['seconds'] / max(1, len(cpu)):.3f} s per position")
    nodes, seconds, calls = _SEARCHES["nodes"], _SEARCHES["seconds"], _SEARCHES["calls"]
    rate = f"{nodes / seconds:,.0f} nodes/s" if seconds else "no search"
    print(f"AJR local search: {calls} searches, {nodes:,} nodes in {seconds:.1f} s ({rate}); "
          f"J1989/Korean confirmation searches are not counted here")
    for prov in ("static", "search", "assumed"):
        print(f"  {prov:8} {chains[prov]:6} strings {chains[prov] / n_chains:6.1%}   "
              f"{stones[prov]:6} stones {stones[prov] / n_stones:6.1%}")
    points.sort()
    print(f"board points settled by proofs (proven stones and the regions they settle; Niu and Mueller 2004 "
          f"report more than half in a typical final position): mean {statistics.mean(points):.1%}, "
          f"median {statistics.median(points):.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
