"""The marked KGS games scored under each preset: agreement with the record, and where the presets part.

The players of ../shared/data/games/kgs (benchmarks.md 2.1) counted their games the KGS way,
close to AJR; ``benchmarks/real_games.py`` measures the AJR ruling against them in detail.
This script scores the same 568 marked games (or the first ``--games``) with
:func:`adjudicator.report.score_file` under each preset named, as ``adjudicator score FILE
--rules NAME`` does (proposed fill, default budget), and prints per preset the exact-result
agreement with ``RE``, errors, and the median and p95 seconds per game; then every game whose
result differs from the first preset's, with the dame the J1989/Korean ruling names as left open
(J1989 Art. 8 puts the live strings touching them in seki, docs/j1989.md "On real games").

With ``--unmarked N`` the same is done for N games of the unmarked counted KGS games, drawn
exactly as ``benchmarks/real_games.py`` draws its unmarked sample (same ``--seed``), so the
presets can be compared on the sample issue 4 measures AJR on.

    python benchmarks/presets.py [--games 568] [--rules japanese,j1989,korean] [--unmarked 1000]
"""

from __future__ import annotations

import argparse
import csv
import pathlib
import random
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


def score_all(games: list[dict[str, str]], presets, data: pathlib.Path) -> dict[str, dict[str, tuple[str, float, list[str]]]]:
    """``results[preset][file] = (result, seconds, dame named as left open)``."""
    results: dict[str, dict[str, tuple[str, float, list[str]]]] = {p.name: {} for p in presets}
    for row in games:
        for rules in presets:
            start = time.perf_counter()
            try:
                ruling = score_file(data / row["file"], rules=rules)
                result = ruling.result
                dame = [r.text.split(";")[0] for r in ruling.reasons if r.text.startswith("Dame left after the fill")]
            except AdjudicatorError as e:
                result, dame = f"error: {e}", []
            results[rules.name][row["file"]] = (result, time.perf_counter() - start, dame)
    return results


def report(title: str, games: list[dict[str, str]], presets, results) -> None:
    print(f"{title}; presets {', '.join(p.name for p in presets)}")
    for rules in presets:
        got = results[rules.name]
        agree = sum(1 for r in games if (m := margin(got[r["file"]][0])) is not None
                    and abs(m - margin(r["result"])) < 1e-9)
        errors = sum(1 for r in games if got[r["file"]][0].startswith("error"))
        secs = sorted(t for _res, t, _d in got.values())
        print(f"  {rules.name:9} agreement with RE {agree}/{len(games)} = {100 * agree / len(games):.1f} %; "
              f"errors {errors}; seconds per game median {statistics.median(secs):.3f}, "
              f"p95 {secs[int(0.95 * (len(secs) - 1))]:.3f}")
    first = presets[0].name
    for rules in presets[1:]:
        print(f"games where {rules.name} differs from {first}:")
        for r in games:
            a, b = results[first][r["file"]], results[rules.name][r["file"]]
            if a[0] != b[0]:
                print(f"  {r['file']}  RE {r['result']}  {first} {a[0]}  {rules.name} {b[0]}  {'; '.join(b[2])}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=pathlib.Path, default=ROOT.parent / "shared" / "data" / "games")
    ap.add_argument("--games", type=int, default=None, help="only the first N marked games (default: all; 0: none)")
    ap.add_argument("--rules", default="japanese,j1989,korean", help="comma-separated presets; the first is the reference")
    ap.add_argument("--unmarked", type=int, default=0,
                    help="also N games of real_games.py's seeded unmarked sample (default 0: none)")
    ap.add_argument("--seed", type=int, default=20250401, help="seed of the unmarked sample (real_games.py's default)")
    args = ap.parse_args(argv)
    presets = [parse_ruleset(name) for name in args.rules.split(",")]
    manifest = args.data / "MANIFEST.tsv"
    if not manifest.is_file():
        print(f"no {manifest}", file=sys.stderr)
        return 1
    with open(manifest, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["file"].startswith("kgs/")]
    marked = sorted((r for r in rows if int(r["tb_points"] or 0) > 0), key=lambda r: r["file"])[: args.games]
    if marked:
        report(f"{len(marked)} marked KGS games (benchmarks.md 2.1)", marked, presets,
               score_all(marked, presets, args.data))
    if args.unmarked:
        # The draw of benchmarks/real_games.py: counted unmarked games with a numeric RE, sorted, then sampled.
        pool = sorted((r for r in rows if int(r["tb_points"] or 0) == 0 and _numeric_re(r["result"])),
                      key=lambda r: r["file"])
        sample = sorted(random.Random(args.seed).sample(pool, min(args.unmarked, len(pool))), key=lambda r: r["file"])
        report(f"{len(sample)} unmarked KGS games (seed {args.seed}, the sample of real_games.py)", sample, presets,
               score_all(sample, presets, args.data))
    return 0


def _numeric_re(text: str | None) -> bool:
    """Whether ``RE`` is a count (``B+6.50``, ``W+0.5``, ``0``, Draw, Jigo), as real_games.py's parse_re accepts."""
    t = (text or "").strip().upper()
    if t in ("0", "DRAW", "JIGO"):
        return True
    head, _, value = t.partition("+")
    if head not in ("B", "W") or not value or not all(c.isdigit() or c == "." for c in value):
        return False
    try:
        float(value)
    except ValueError:
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
