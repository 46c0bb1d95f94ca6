"""Throughput of ``adjudicator batch`` on real KGS games.

Draws a seeded sample of the KGS Japanese games in ``../shared/data/games/kgs``
(benchmarks.md 2.1: 4,568 counted 19x19 games in eleven folders), runs
:func:`adjudicator.batch.run_batch` on them with ``--jobs`` workers (the path
``adjudicator batch`` takes, progress bar aside) and prints

- the summary table of ``adjudicator batch`` (agreement with RE, failures,
  assumed strings, games/s and games/s per core, wall clock);
- per-record wall seconds and processor seconds (median, p95, max), and games
  per processor-second: the per-core figure a machine with idle cores would
  reach, which the wall-clock figure only shows when nothing else runs;
- the machine: CPUs and the 1-minute load average before and after.

    python benchmarks/batch.py [--data DIR] [--games 200] [--jobs 2] [--seed 20261122]
        [--timeout 60] [--jsonl FILE]

Everything is measured in this run.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import platform
import random
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.batch import render_summary, run_batch  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "games" / "kgs"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=pathlib.Path, default=DEFAULT_DATA, help="the kgs/ folder of the shared data")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--jsonl", type=pathlib.Path, help="keep the result lines here (default: a temporary file)")
    args = parser.parse_args()

    games = sorted(str(p) for p in args.data.rglob("*.sgf"))
    if not games:
        sys.exit(f"error: no SGF files under {args.data}")
    sample = random.Random(args.seed).sample(games, min(args.games, len(games)))
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        out = args.jsonl or pathlib.Path(tmp) / "results.jsonl"
        if args.jsonl and args.jsonl.exists():
            args.jsonl.unlink()  # a fresh measurement, not a resume
        report = run_batch(sample, out, jobs=args.jobs, timeout=args.timeout)
    load_after = os.getloadavg()[0]

    print(f"{len(sample)} of {len(games)} games under {args.data} (seed {args.seed}), --jobs {args.jobs}")
    print(f"machine: {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"load average (1 min) {load_before:.2f} before, {load_after:.2f} after")
    print(render_summary(report))
    wall = [float(r["seconds"]) for r in report.records if "seconds" in r]
    cpu = [float(r["cpu"]) for r in report.records if "cpu" in r]
    if wall:
        print(f"per record, wall s:      median {statistics.median(wall):.2f}, p95 {quantile(wall, 0.95):.2f}, "
              f"max {max(wall):.2f}, mean {statistics.fmean(wall):.2f}")
    if cpu:
        print(f"per record, processor s: median {statistics.median(cpu):.2f}, p95 {quantile(cpu, 0.95):.2f}, "
              f"max {max(cpu):.2f}, mean {statistics.fmean(cpu):.2f} -> {len(cpu) / sum(cpu):.2f} games "
              f"per processor-second")


if __name__ == "__main__":
    main()
