"""The players' marks as the agreement for unproven verdicts: ``adjudicator score --agreed`` on KGS games.

Runs ``score_file(path)`` and ``score_file(path, agreed=True)`` (the library path of
``adjudicator score --agreed``) on the KGS Japanese games whose last node carries the players'
TB/TW marks (568 in ``../shared/data/games/kgs``, benchmarks.md 2.1) and prints:

- exact result agreement with the record's RE, without and with the agreement;
- strings settled by the marks, and strings left to the heuristic (the fill's own strings);
- every game where the marks contradict a proof (the reasons' "the proof is followed" lines),
  and every game where the agreed count still differs from RE, with our result;
- seconds per game of the agreed ruling (median, p95).

    python benchmarks/agreed.py [--data DIR] [--games N]

Everything is measured in this run (about 0.6 s per game on this project's machine).
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.errors import AdjudicatorError  # noqa: E402
from adjudicator.report import score_file  # noqa: E402
from adjudicator.scoring import format_margin  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from real_games import DEFAULT_DATA, load_manifest, parse_re  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=pathlib.Path, default=DEFAULT_DATA, help="the games folder (MANIFEST.tsv)")
    ap.add_argument("--games", type=int, default=None, help="only the first N marked games (default: all)")
    args = ap.parse_args(argv)
    rows = sorted((r for r in load_manifest(args.data) if int(r["tb_points"] or 0) > 0), key=lambda r: r["file"])
    if args.games is not None:
        rows = rows[: args.games]
    plain_ok = agreed_ok = errors = settled = left = strings = 0
    seconds: list[float] = []
    contradictions: list[str] = []
    misses: list[str] = []
    for row in rows:
        path = args.data / row["file"]
        re_margin = parse_re(row["result"])
        try:
            plain = score_file(path)
            start = time.process_time()
            agreed = score_file(path, agreed=True)
            seconds.append(time.process_time() - start)
        except AdjudicatorError as e:
            errors += 1
            print(f"error: {row['file']}: {e}")
            continue
        plain_ok += plain.decided_by_count and abs(plain.score.margin - re_margin) < 1e-9
        ok = agreed.decided_by_count and abs(agreed.score.margin - re_margin) < 1e-9
        agreed_ok += ok
        settled += len(agreed.agreed)
        left += len(agreed.unsettled)
        strings += len(agreed.verdicts)
        notes = [r.text for r in agreed.reasons if "proof is followed" in r.text]
        if notes:
            contradictions.append(f"  {row['file']} (RE {row['result']}, agreed {agreed.result}): " + " ".join(notes))
        if not ok:
            misses.append(f"  {row['file']}: RE {row['result']}, agreed {agreed.result}, without {plain.result}"
                          + (f" ({format_margin(agreed.score.margin)} counted)" if not agreed.decided_by_count else "")
                          + ("; marks contradict a proof" if notes else ""))
    n = len(rows) - errors

    def pct(k: int, m: int) -> str:
        return f"{k}/{m} = {100 * k / m:.1f} %" if m else "-"

    print(f"marked KGS games: {len(rows)} ({errors} errors)")
    print(f"  exact result agreement with RE, analysis alone:           {pct(plain_ok, n)}")
    print(f"  exact result agreement with RE, --agreed (players' marks): {pct(agreed_ok, n)}")
    print(f"  strings settled by the marks: {pct(settled, strings)}; left to the heuristic: {pct(left, strings)}")
    if seconds:
        seconds.sort()
        print(f"  seconds per game (--agreed, processor time): median {statistics.median(seconds):.3f}, "
              f"p95 {seconds[int(0.95 * (len(seconds) - 1))]:.3f}")
    print(f"games where the marks contradict a proof ({len(contradictions)}):")
    print("\n".join(contradictions) or "  none")
    print(f"games where the agreed count differs from RE ({len(misses)}):")
    print("\n".join(misses) or "  none")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
