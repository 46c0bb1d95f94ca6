"""Speed of the Monte Carlo playouts (``playout_ownership``): fast kernel against the reference.

Replays a fixed sample of real 19x19 KGS games (every k-th record of
``../shared/data/games/kgs/kgs-19-2017-*`` in name order, AJR), takes their
final positions, and times ``playout_ownership(final, P)`` with the current
kernel and with the reference implementation frozen in
``tests/test_heuristic_speed.py`` (the code it replaced).  Prints median and p95
milliseconds per playout for both, the ratio reference / current (> 1.0 means
the current kernel is faster) and checks that both give identical
:class:`Ownership` counts on every position.

    python benchmarks/playouts.py [--data DIR] [--sample 50] [--playouts 16] [--repeat 1]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from adjudicator.analysis.heuristic import playout_ownership  # noqa: E402
from adjudicator.errors import AdjudicatorError  # noqa: E402
from adjudicator.history import replay  # noqa: E402
from adjudicator.rules import AJR  # noqa: E402
from adjudicator.sgfio import read_sgf  # noqa: E402
from test_heuristic_speed import reference_ownership  # noqa: E402


def sample_finals(data: pathlib.Path, sample: int) -> list[tuple[str, object]]:
    files = sorted(p for d in sorted(data.glob("kgs-19-2017-*")) for p in d.glob("*.sgf"))
    if not files:
        sys.exit(f"error: no kgs-19-2017-* records under {data}")
    step = max(1, len(files) // sample)
    finals = []
    for path in files[::step]:
        try:
            final = replay(read_sgf(path), AJR).final
        except AdjudicatorError:
            continue
        if final.size == 19:
            finals.append((path.name, final))
        if len(finals) == sample:
            break
    return finals


def per_playout_ms(fn, position, playouts: int, repeat: int) -> tuple[float, object]:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn(position, playouts)
        best = min(best, time.perf_counter() - start)
    return 1000 * best / playouts, result


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=pathlib.Path, default=ROOT.parent / "shared" / "data" / "games" / "kgs")
    parser.add_argument("--sample", type=int, default=50)
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=1, help="best of R timings per position")
    args = parser.parse_args()
    finals = sample_finals(args.data, args.sample)
    old_ms, new_ms, mismatches = [], [], []
    for name, final in finals:
        t_old, r_old = per_playout_ms(reference_ownership, final, args.playouts, args.repeat)
        t_new, r_new = per_playout_ms(playout_ownership, final, args.playouts, args.repeat)
        old_ms.append(t_old)
        new_ms.append(t_new)
        if r_old != r_new:
            mismatches.append(name)
    print(f"{len(finals)} final positions, {args.playouts} playouts each (best of {args.repeat})")
    print(f"reference: median {statistics.median(old_ms):.2f} ms/playout, p95 {p95(old_ms):.2f}")
    print(f"current:   median {statistics.median(new_ms):.2f} ms/playout, p95 {p95(new_ms):.2f}")
    print(f"ratio reference/current: median {statistics.median(o / n for o, n in zip(old_ms, new_ms)):.2f}, "
          f"total {sum(old_ms) / sum(new_ms):.2f}")
    print(f"identical outputs: {len(finals) - len(mismatches)}/{len(finals)}"
          + (f"; DIFFER: {', '.join(mismatches)}" if mismatches else ""))
    if mismatches:
        sys.exit(1)


if __name__ == "__main__":
    main()
