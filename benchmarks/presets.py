"""The marked KGS games scored under each preset: agreement with the record, and where the presets part.

The players of ../shared/data/games/kgs (benchmarks.md 2.1) counted their games the KGS way,
close to AJR; ``benchmarks/real_games.py`` measures the AJR ruling against them in detail.
This script scores the same 568 marked games (or the first ``--games``) with
:func:`adjudicator.report.score_file` under each preset named, as ``adjudicator score FILE
--rules NAME`` does (proposed fill, default budget), and prints per preset the exact-result
agreement with ``RE``, errors, and the median and p95 seconds per game; then every game whose
result differs from the first preset's, with the dame the J1989/Korean ruling names as left open
(J1989 Art. 8 puts the live strings touching them in seki, docs/j1989.md "On real games").

    python benchmarks/presets.py [--games 568] [--rules japanese,j1989,korean]
"""

from __future__ import annotations

import argparse
import csv
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.errors import AdjudicatorError  # noqa: E402
from adjudicator.report import score_file  # noqa: E402
from adjudicator.rules import parse_ruleset  # noqa: E402


def margin(text: str) -> float | None:
    """Black-minus-White margin of an SGF ``RE`` (``B+2.5``, ``W+0.5``, ``0``), else None."""
    text = (text or "").strip()
    if text in ("0", "Jigo", "Draw"):
        return 0.0
    if len(text) > 2 and text[0] in "BW" and text[1] == "+":
        try:
            value = float(text[2:])
        except ValueError:
            return None
        return value if text[0] == "B" else -value
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=pathlib.Path, default=ROOT.parent / "shared" / "data" / "games")
    ap.add_argument("--games", type=int, default=None, help="only the first N marked games (default: all)")
    ap.add_argument("--rules", default="japanese,j1989,korean", help="comma-separated presets; the first is the reference")
    args = ap.parse_args(argv)
    presets = [parse_ruleset(name) for name in args.rules.split(",")]
    manifest = args.data / "MANIFEST.tsv"
    if not manifest.is_file():
        print(f"no {manifest}", file=sys.stderr)
        return 1
    with open(manifest, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["file"].startswith("kgs/")]
    marked = sorted((r for r in rows if int(r["tb_points"] or 0) > 0), key=lambda r: r["file"])[: args.games]
    results: dict[str, dict[str, tuple[str, float, list[str]]]] = {p.name: {} for p in presets}
    for row in marked:
        for rules in presets:
            start = time.perf_counter()
            try:
                ruling = score_file(args.data / row["file"], rules=rules)
                result = ruling.result
                dame = [r.text.split(";")[0] for r in ruling.reasons if r.text.startswith("Dame left after the fill")]
            except AdjudicatorError as e:
                result, dame = f"error: {e}", []
            results[rules.name][row["file"]] = (result, time.perf_counter() - start, dame)
    print(f"{len(marked)} marked KGS games (benchmarks.md 2.1); presets {', '.join(p.name for p in presets)}")
    for rules in presets:
        got = results[rules.name]
        agree = sum(1 for r in marked if (m := margin(got[r["file"]][0])) is not None
                    and abs(m - margin(r["result"])) < 1e-9)
        errors = sum(1 for r in marked if got[r["file"]][0].startswith("error"))
        secs = sorted(t for _res, t, _d in got.values())
        print(f"  {rules.name:9} agreement with RE {agree}/{len(marked)} = {100 * agree / len(marked):.1f} %; "
              f"errors {errors}; seconds per game median {statistics.median(secs):.3f}, "
              f"p95 {secs[int(0.95 * (len(secs) - 1))]:.3f}")
    first = presets[0].name
    for rules in presets[1:]:
        print(f"games where {rules.name} differs from {first}:")
        for r in marked:
            a, b = results[first][r["file"]], results[rules.name][r["file"]]
            if a[0] != b[0]:
                print(f"  {r['file']}  RE {r['result']}  {first} {a[0]}  {rules.name} {b[0]}  {'; '.join(b[2])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
