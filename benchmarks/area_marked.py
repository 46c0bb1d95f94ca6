"""Dead stones of our life analysis against the players' marks of the KGS area-scored games.

The 328 KGS games in ``../shared/data/games/kgs_area_marked`` (benchmarks.md 2.2: Chinese
rules in 324, AGA in 4, 140 handicap games) end with the players' TB/TW marks in the final
node, points under dead stones included.  They were counted by area, so their ``RE`` is no
test of a territory count and is not compared here; what the marks do record is which stones
the players agreed were dead.  For each game this benchmark

- replays the record and rules on it under the default rules (``japanese``, AJR) with the
  same library path as ``benchmarks/real_games.py`` (:func:`adjudicator.report.score_file`:
  read, replay, life analysis, dame/teire fill, count), the record's komi;
- compares dead stones exactly as ``real_games.py`` does: a stone is dead for the players when
  it lies on the opponent's marks; ours are the stones of the final position our count
  removes as prisoners or the fill captures (``real_games.dead_stones``);

and prints

- games, and games skipped with the reason (no marks, an error reading or replaying the record);
- per-game dead-stone agreement with the marks (the same stones, exactly);
- per-stone precision and recall of the stones we take as dead;
- the share of ``assumed`` strings (verdicts without a proof), and of those still unsettled;
- seconds per game (median, p95, max), in-process, file read to ruling (the only output that
  changes between runs);
- every disagreeing game with its first differing string: the first in ``score``'s Check-first
  list (closest calls first, as ``real_games.first_wrong_guess`` orders them) whose stones the
  marks and our count treat differently, else the first in board order (a proven string, or
  stones a teire captured); with its vertex, the players' and our fate, the verdict, its
  provenance and method, and the playout share (the share of random playouts in which its points
  ended as its owner's, ``Verdict.share``, heuristic verdicts only).

Differences expected from area counting (so not all of them are errors of ours):

- seki: area marks give the eyes of a seki to their owner, but the stones in a seki are on
  nobody's marks, so the players count them alive; we keep seki strings on the board (fate
  ``seki``), so they agree.  Only a seki the players misread (marking one side dead) differs.
- stones in atari or inside one's own area: under area counting capturing them costs nothing, so
  players often capture or play them out before the end, and sometimes leave a hopeless string
  unmarked or mark a string that could still live, where the margin is large; the Japanese
  fill we add (teire) may capture stones the players left on the board unmarked.
- the record's rules are not ours: we replay under AJR with the record's komi; the count and the
  result differ from ``RE`` (handicap compensation, area vs territory) and are not used.

    python benchmarks/area_marked.py [--games N] [--jsonl PATH] [--data PATH]

``--games N``: the first N games in path order (0, the default, = all); ``--jsonl``: one JSON
line per game; ``--data``: the folder of area-marked games (recursive ``*.sgf``).  One process,
about 2.5 minutes for the 328 games.  Everything is measured in this run.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time
import traceback

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.errors import AdjudicatorError  # noqa: E402
from adjudicator.report import check_first, score_file  # noqa: E402
from adjudicator.rules import AJR  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from real_games import (  # noqa: E402
    DEFAULT_DATA as GAMES_DATA,
    dead_stones,
    final_verdicts,
    first_wrong_guess,
    marks_truth,
    pct,
    q,
    vertex_of,
)

DEFAULT_DATA = GAMES_DATA / "kgs_area_marked"


def first_difference(ruling, truth: int, ours: int) -> tuple[dict | None, int]:
    """The first string of the final position whose stones the marks and our count treat differently
    (Check-first order, then board order), described; and how many strings differ."""
    final = ruling.replay.final
    differing = [(color, chain) for color, chain in final.chains() if chain & truth != chain & ours]
    if not differing:
        return None, 0
    decisive, others = check_first(ruling)
    shown = decisive + others
    position = None
    first = None
    for i, v in enumerate(shown, 1):
        hit = next((d for d in differing if d[0] is v.color and d[1] & v.stones), None)
        if hit is not None:
            first, position = hit, i
            break
    if first is None:
        first = differing[0]
    color, chain = first
    verdict = next(v for v in final_verdicts(ruling) if v.stones == chain)
    fate = ruling.score.fate_of(chain)
    ours_word = "dead" if chain & ours else (fate.value if fate is not None else "?")
    return {
        "vertex": vertex_of(final, chain),
        "color": color.word,
        "stones": chain.bit_count(),
        "liberties": final.liberties(chain).bit_count(),
        "marks": "dead" if chain & truth else "alive",
        "ours": ours_word,
        "status": verdict.status,
        "provenance": verdict.provenance,
        "method": verdict.method,
        "share": verdict.share,
        "check_first": f"{position}/{len(shown)}" if position is not None else "-",
    }, len(differing)


def run_game(path: pathlib.Path, rel: str) -> dict:
    out: dict = {"file": rel}
    start = time.perf_counter()
    try:
        ruling = score_file(path, rules=AJR)
    except AdjudicatorError as e:
        out.update(skipped=f"record error ({type(e).__name__}: {e})")
        return out
    except Exception as e:  # a crash is our bug: skipped from the figures, listed with the reason
        out.update(skipped=f"crash ({type(e).__name__}: {e})", trace=traceback.format_exc(limit=3))
        return out
    seconds = time.perf_counter() - start
    record = ruling.replay.record
    final = ruling.replay.final
    try:
        tb, tw, truth = marks_truth(path, final)
    except AdjudicatorError as e:
        out.update(skipped=f"unreadable marks ({type(e).__name__}: {e})")
        return out
    if not tb and not tw:
        out.update(skipped="no TB/TW marks")
        return out
    ours = dead_stones(ruling)
    first, n_diff = first_difference(ruling, truth, ours)
    out.update(
        rules=record.rules_text,
        komi=ruling.komi,
        handicap=record.handicap or 0,
        re=record.result_text,
        ours=ruling.result,
        seconds=seconds,
        strings=len(ruling.verdicts),
        assumed=len(ruling.assumed),
        unsettled=len(ruling.unsettled),
        marks_dead=truth.bit_count(),
        ours_dead=ours.bit_count(),
        tp=(ours & truth).bit_count(),
        fp=(ours & ~truth).bit_count(),
        fn=(truth & ~ours).bit_count(),
        dead_agree=ours == truth,
        differing_strings=n_diff,
        first_diff=first,
        first_wrong=first_wrong_guess(ruling, truth),
    )
    return out


def describe(r: dict) -> str:
    d = r["first_diff"]
    share = f"{100 * d['share']:.0f} %" if d["share"] is not None else "-"
    return (f"{r['file']}: {d['color']} {d['vertex']} ({d['stones']} st, {d['liberties']} lib) marks {d['marks']}, "
            f"ours {d['ours']}; verdict {d['status']} {d['provenance']}/{d['method']}, playout share {share}, "
            f"check-first {d['check_first']}; {r['differing_strings']} string(s) differ, "
            f"{r['fp']} stone(s) only ours dead, {r['fn']} only theirs")


def summarise(results: list[dict], data: pathlib.Path) -> list[str]:
    done = [r for r in results if "skipped" not in r]
    skipped = [r for r in results if "skipped" in r]
    n = len(done)
    tp = sum(r["tp"] for r in done)
    fp = sum(r["fp"] for r in done)
    fn = sum(r["fn"] for r in done)
    strings = sum(r["strings"] for r in done)
    assumed = sum(r["assumed"] for r in done)
    unsettled = sum(r["unsettled"] for r in done)
    agree = sum(1 for r in done if r["dead_agree"])
    times = [r["seconds"] for r in done]
    try:
        shown = data.relative_to(ROOT.parent)
    except ValueError:
        shown = data
    lines = [
        f"KGS area-scored games with the players' marks ({shown}), rules japanese (AJR), record komi",
        f"  games: {len(results)}; scored: {n}; skipped: {len(skipped)}",
    ]
    for r in sorted(skipped, key=lambda r: r["file"]):
        lines.append(f"    skipped {r['file']}: {r['skipped']}")
    if not done:
        return lines
    disagree = sorted((r for r in done if not r["dead_agree"]), key=lambda r: r["file"])
    lines += [
        f"  per-game dead-stone agreement with the marks: {agree}/{n} = {pct(agree, n)}",
        f"  dead stones, per stone: precision {pct(tp, tp + fp)} ({tp}/{tp + fp}), "
        f"recall {pct(tp, tp + fn)} ({tp}/{tp + fn})",
        f"  assumed verdicts: {assumed}/{strings} strings = {pct(assumed, strings)} "
        f"(unsettled: {unsettled} = {pct(unsettled, strings)})",
        f"  seconds per game (in-process, read to ruling): median {statistics.median(times):.3f}, "
        f"p95 {q(times, 0.95):.3f}, max {max(times):.3f}",
    ]
    by_kind: dict[str, int] = {}
    for r in disagree:
        d = r["first_diff"]
        key = f"marks {d['marks']}, ours {d['ours']}, {d['provenance']}"
        by_kind[key] = by_kind.get(key, 0) + 1
    if by_kind:
        lines.append("  first differing string, by kind: " + "; ".join(
            f"{k}: {v}" for k, v in sorted(by_kind.items(), key=lambda t: (-t[1], t[0]))))
    in_list = [r for r in disagree if r["first_diff"]["check_first"] != "-"]
    lines.append(f"  disagreeing games whose first differing string is in the Check-first list: "
                 f"{len(in_list)}/{len(disagree)}")
    lines.append(f"\ndisagreeing games ({len(disagree)}):")
    lines += [f"  {describe(r)}" for r in disagree]
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=pathlib.Path, default=DEFAULT_DATA,
                    help="the folder of area-marked games, read recursively (default: %(default)s)")
    ap.add_argument("--games", type=int, default=0, help="only the first N games in path order (0: all)")
    ap.add_argument("--jsonl", type=pathlib.Path, default=None, help="write one JSON line per game here")
    args = ap.parse_args(argv)
    data = args.data.resolve()
    files = sorted(data.rglob("*.sgf"), key=lambda p: p.relative_to(data).as_posix())
    if args.games > 0:
        files = files[: args.games]
    if not files:
        print(f"error: no *.sgf under {data}", file=sys.stderr)
        return 1
    sink = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None
    results = []
    started = time.perf_counter()
    for k, path in enumerate(files, 1):
        r = run_game(path, path.relative_to(data).as_posix())
        results.append(r)
        if sink:
            sink.write(json.dumps({k2: v for k2, v in r.items() if k2 != "trace"}) + "\n")
            sink.flush()
        if "trace" in r:
            print(f"  {r['file']}: {r['trace']}", file=sys.stderr)
        if k % 50 == 0:
            print(f"  {k}/{len(files)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if sink:
        sink.close()
    print("\n".join(summarise(results, data)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
