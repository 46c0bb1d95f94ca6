"""Life analysis on real final positions: provenance shares, time, agreement with the players' marks.

Runs ``analyse_position`` (AJR) on the final positions of the KGS games that
carry the players' TB/TW marks (``../shared/data/games/kgs/kgs-19-2017-*``).
Prints the share of chains and stones settled by each provenance (static,
search, assumed), the time per game (median, p95), and how often a verdict
agrees with the players' marking of dead stones (a stone lying on the
opponent's territory mark is marked dead; benchmarks.md 2.4).  The players'
marks are not a ruling: AJR calls seki stones "not independently alive" while
the players leave them unmarked, so disagreements are listed for inspection.

``--calibration`` adds the heuristic's calibration: the assumed chains grouped by
the share of playouts in which their points ended as their owner's (5 % bands, as
the reason states it), and for each band how many the players left alive (not on
the opponent's marks).  It is what the alive threshold of the heuristic
(``analysis/life.py``, ``_ALIVE_SHARE``) was chosen from.

    python benchmarks/life_real.py [--limit N] [--data DIR] [--calibration]
"""

from __future__ import annotations

import argparse
import pathlib
import re
import statistics
import sys
import time
from collections import Counter

from sgfmill import sgf

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.life import _ALIVE_SHARE, analyse_position  # noqa: E402
from adjudicator.board import Color  # noqa: E402
from adjudicator.history import replay  # noqa: E402
from adjudicator.rules import AJR  # noqa: E402
from adjudicator.sgfio import read_sgf  # noqa: E402


_SHARE = re.compile(r"ended as \w+'s in (\d+)% of them")


def marks(path: pathlib.Path) -> tuple[set, set]:
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    node = game.get_last_node()
    tb = set(node.get("TB")) if node.has_property("TB") else set()
    tw = set(node.get("TW")) if node.has_property("TW") else set()
    return tb, tw


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=pathlib.Path, default=ROOT.parent / "shared" / "data" / "games" / "kgs")
    parser.add_argument("--limit", type=int, default=0, help="first N marked games (0 = all 568)")
    parser.add_argument("--calibration", action="store_true",
                        help="also print the playout share of assumed chains against the players' marks")
    args = parser.parse_args(argv)
    files = sorted(args.data.glob("kgs-19-2017-*/*.sgf"))
    if args.limit:
        files = files[: args.limit]
    if not files:
        print(f"no marked games under {args.data}", file=sys.stderr)
        return 1
    chains = Counter()
    stones = Counter()
    agree = Counter()
    times = []
    disagreements = []
    bands: dict[int, list[int]] = {}  # 5 % band -> [assumed chains, of them alive by the marks]
    unread = 0
    for path in files:
        final = replay(read_sgf(path), AJR).final
        t0 = time.perf_counter()
        verdicts = analyse_position(final, AJR)
        times.append(time.perf_counter() - t0)
        tb, tw = marks(path)
        for v in verdicts:
            chains[v.provenance] += 1
            stones[v.provenance] += len(v.points)
            first = v.points[0]
            marked_dead = first in (tw if v.color is Color.BLACK else tb)
            ok = (v.status == "not_alive") == marked_dead
            agree[(v.provenance, ok)] += 1
            if args.calibration and v.provenance == "assumed":
                m = _SHARE.search(v.reason)
                if m is None:
                    unread += 1
                else:
                    band = bands.setdefault(min(95, int(m.group(1)) // 5 * 5), [0, 0])
                    band[0] += 1
                    band[1] += not marked_dead
            if not ok:
                disagreements.append((path.relative_to(args.data), v.vertex, v.color.word, len(v.points),
                                      v.status, v.provenance, "marked dead" if marked_dead else "unmarked"))
    n_chains = sum(chains.values())
    n_stones = sum(stones.values())
    print(f"games: {len(files)}; chains: {n_chains}; stones: {n_stones}")
    print(f"{'provenance':12}{'chains':>10}{'share':>8}{'stones':>10}{'share':>8}{'agree with marks':>18}")
    for prov in ("static", "search", "assumed"):
        total = agree[(prov, True)] + agree[(prov, False)]
        rate = f"{agree[(prov, True)] / total:.1%}" if total else "-"
        print(f"{prov:12}{chains[prov]:>10}{chains[prov] / n_chains:>8.1%}{stones[prov]:>10}"
              f"{stones[prov] / n_stones:>8.1%}{rate:>18}")
    times.sort()
    print(f"time per game: median {statistics.median(times):.3f} s, p95 {times[int(0.95 * len(times))]:.3f} s")
    if args.calibration:
        print(f"assumed chains by playout share (threshold for 'alive': {_ALIVE_SHARE:.0%}):")
        print(f"{'share':>10}{'chains':>8}{'alive by the marks':>20}")
        for low in sorted(bands):
            n, alive = bands[low]
            high = 100 if low == 95 else low + 4
            print(f"{low:>4}-{high:>3} % {n:>7}{alive:>12} = {alive / n:>5.1%}")
        if unread:
            print(f"  ({unread} assumed chains without a playout share in their reason)")
    print(f"disagreements with the players' marks: {len(disagreements)} (first 30)")
    for row in disagreements[:30]:
        print("  " + "  ".join(str(x) for x in row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
