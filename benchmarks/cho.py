"""The AJR proof search against published life-and-death problems (Cho Chikun's encyclopedia).

Data: ``../shared/data/tsumego/sanderland/cho_*.jsonl`` (benchmarks.md 3.1; MIT, from
github.com/sanderland/tsumego): every problem is Black to play, with the book's accepted first
moves and, added by the data's curator, a goal label (``live``/``kill``, a heuristic with a few
per cent errors) and whether the book's answer involves a ko.  Only the problems without a ko
are used: in them the book's answer is a plain kill or a plain life, which AJR's independent
life must reproduce.

The problems are open (a corner or a side), so each one is closed with a frame: the plays of
the search are confined to the stones' bounding box widened by ``--margin`` points on each side
that is not the board's edge, and the attacker gets a wall on the ring of points just outside
it (a side within three lines of the board's edge is taken to the edge).  The wall's liberties lie outside the search area, where nobody plays, so it is never
captured: the problem becomes the enclosed problem its diagram intends (the thick-wall framing of
benchmarks.md 3.1).  A frame too close can change a problem (a group that lives by running out,
an attacker stone that needs the outside), so a disagreement is a question, not yet a bug.
The bounding box of an open corner problem still holds empty space far from the defender's
stones that the diagram leaves to the attacker (beyond the attacker's stones, seen from the
defender); ``--near D`` fills the area's empty points farther than D steps from every defender stone with
the attacker's stones as well (those joined to the wall; they leave the search area): a tighter
frame, closer to the enclosed problem the diagram intends, and one that can also take space the
defender needs (docs/analysis.md: 27 live-after contradictions with ``--near 2``), so the
bounding-box frame stays the default.

Checks (``prove_independent_life``: the string's opponent moves first), each followed, where
AJR says "not independently alive", by the J1989 capture test (``confirm_life``, the attacker
first) that tells a dead string (capturable) from one in seki (uncapturable):

- ``kill`` problems: White's largest string with Black to move first must be not
  independently alive, and capturable (a kill in the book is a capture, not a seki);
- ``live`` problems: after the book's first move, White to move, the string of that move or
  Black's largest string (the largest alone may be one the solution gives up) must be
  independently alive, or in seki: a book's "Black lives" includes life in seki, which
  AJR does not call independent life (design.md section 2); and with White moving first in
  the problem position it is expected not alive (the problem needs Black's move; a few
  problems have Black alive either way, which is not an error of ours).

Prints the share proven within the budget, agreement among the proven results (a proven result
that disagrees with the book is listed: it is a search bug, a frame artefact or a label error),
median and p95 seconds and the search's node rate.

    python benchmarks/cho.py [--level elementary] [--limit 200] [--nodes 20000] [--seconds 5] [--near 2]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.confirm import confirm_life  # noqa: E402
from adjudicator.analysis.search import prove_independent_life  # noqa: E402
from adjudicator.board import Color, Position, dilate, flood, geometry  # noqa: E402
from adjudicator.errors import AdjudicatorError  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "tsumego" / "sanderland"
LEVELS = ("elementary", "intermediate", "advanced")
EDGE = 3
# The capture test runs only after a proven "not independently alive"; a seki takes it longer to
# settle than a kill (four of the elementary problems needed 21,000 to 101,000 positions).
CAPTURE_BUDGET = 10


def sgf_point(text: str, size: int) -> tuple[int, int]:
    """An SGF point ("aa" = top left) as (row, column), row 0 being the bottom row."""
    return size - 1 - (ord(text[1]) - ord("a")), ord(text[0]) - ord("a")


def framed(problem: dict, margin: int, near: int | None = None) -> tuple[Position, int, Color] | None:
    """(position with the attacker's wall, search area, attacker) for one problem, or None.

    With ``near`` (a distance), the empty points of the area farther than ``near`` steps from
    every stone of the defender are filled with the attacker's stones too (only those joined to
    the wall, so that they share its outside liberties) and leave the search area.
    None when the frame cannot be built: the goal label is missing, or the wall would leave
    a string without a liberty.
    """
    size = int(problem["problem"].get("SZ", "19"))
    goal = problem["derived"]["goal_heuristic"]
    attacker = Color.BLACK if goal == "kill" else Color.WHITE
    black = {sgf_point(p, size) for p in problem["problem"].get("AB", [])}
    white = {sgf_point(p, size) for p in problem["problem"].get("AW", [])}
    points = black | white
    if not points:
        return None
    rows = [r for r, _ in points]
    cols = [c for _, c in points]
    # A side within EDGE lines of the board's edge reaches the edge (the lines between the stones
    # and the edge belong to the problem); any other side is widened by ``margin``.
    r0 = 0 if min(rows) <= EDGE else min(rows) - margin
    c0 = 0 if min(cols) <= EDGE else min(cols) - margin
    r1 = size - 1 if max(rows) >= size - 1 - EDGE else max(rows) + margin
    c1 = size - 1 if max(cols) >= size - 1 - EDGE else max(cols) + margin
    g = geometry(size)
    area = 0
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            area |= 1 << (r * size + c)
    ring = dilate(area, g) & ~area
    wall = {divmod(i, size) for i in range(size * size) if ring >> i & 1}
    if near is not None:
        own = {Color.BLACK: black, Color.WHITE: white}
        defender = 0
        for r, c in own[attacker.opponent]:
            defender |= 1 << (r * size + c)
        taken = 0
        for r, c in black | white:
            taken |= 1 << (r * size + c)
        # Steps in any direction (through stones too): stepping through empty points only would
        # also fill the points behind the attacker's stones inside the problem (the second liberty
        # of a white stone that Black captures in cho-elementary-0002), which changes the problem.
        reach = defender
        for _ in range(near):
            reach = dilate(reach, g)
        fill = area & ~taken & ~reach
        # Keep the filled points joined to the wall (directly or through the attacker's stones).
        attackers = ring | fill
        for r, c in own[attacker]:
            attackers |= 1 << (r * size + c)
        fill &= flood(ring, attackers, g)
        wall |= {divmod(i, size) for i in range(size * size) if fill >> i & 1}
        area &= ~fill
    if attacker is Color.BLACK:
        black |= wall
    else:
        white |= wall
    try:
        pos = Position.from_points(size, black, white)
    except AdjudicatorError:
        return None
    return pos, area, attacker


def largest_chain(pos: Position, color: Color, area: int) -> tuple[int, int] | None:
    """A stone of ``color``'s largest string inside ``area`` (lowest point breaks ties)."""
    best = None
    for c, stones in pos.chains(color):
        if stones & ~area:
            continue
        if best is None or stones.bit_count() > best.bit_count():
            best = stones
    if best is None:
        return None
    return pos.point_of(best & -best)


def _capture(pos: Position, target, area: int, nodes: int, seconds: float) -> str:
    """Whether the attacker, moving first, captures the string for good (J1989 Art. 7-1 test)."""
    r = confirm_life(pos, target, area=area, max_nodes=nodes, max_seconds=seconds)
    return {"alive": "uncapturable", "dead": "capturable"}.get(r.status, "unknown")


def run(problem: dict, margin: int, nodes: int, seconds: float, near: int | None = None) -> list[dict]:
    """The checks of one problem: a list of {check, expected, status, capture, nodes, seconds}.

    ``capture`` is asked only where AJR says "not independently alive": it separates a
    dead string (``capturable``) from one in seki (``uncapturable``).
    """
    built = framed(problem, margin, near)
    if built is None:
        return [{"check": "frame", "expected": "-", "status": "no frame"}]
    pos, area, attacker = built
    size = pos.size
    # The book's first moves; one commented "Correct." goes first (some lists also hold moves
    # without a comment that are not the answer: cho-elementary-0550 lists C19, a seki, before
    # its "Correct." B19).
    sol = [s[1] for s in sorted(problem["problem"].get("SOL", []), key=lambda s: "correct" not in s[2].lower())
           if s[0] == "B" and s[1]]
    out = []

    def check(name: str, position: Position, targets: list, expected: str) -> None:
        # Several candidate strings: the first found alive decides; "not alive" needs all proven so.
        row = {"check": name, "expected": expected, "status": "not_alive", "nodes": 0, "seconds": 0.0}
        for target in targets:
            r = prove_independent_life(position, target, area=area, max_nodes=nodes, max_seconds=seconds)
            row["nodes"] += r.nodes
            row["seconds"] += r.seconds
            if r.status != "not_alive":
                row["status"] = r.status
                if r.status == "alive":
                    break
        if row["status"] == "not_alive":
            captures = {_capture(position, t, area, CAPTURE_BUDGET * nodes, seconds) for t in targets}
            row["capture"] = ("uncapturable" if "uncapturable" in captures
                              else "unknown" if "unknown" in captures else "capturable")
        out.append(row)

    if attacker is Color.BLACK:
        target = largest_chain(pos, Color.WHITE, area)
        if target is None:
            return [{"check": "frame", "expected": "-", "status": "no target"}]
        check("kill: White's string, Black first", pos, [target], "not_alive")
        return out
    target = largest_chain(pos, Color.BLACK, area)
    if target is None or not sol:
        return [{"check": "frame", "expected": "-", "status": "no target"}]
    move = sgf_point(sol[0], size)
    try:
        after = pos.play(move, Color.BLACK)
    except AdjudicatorError:
        return [{"check": "frame", "expected": "-", "status": "book move illegal in the frame"}]
    # Black lives if the string of the book's move or Black's largest string does (the largest
    # alone is sometimes a string the solution gives up).
    targets = [t for t in dict.fromkeys((move, target)) if after.color_at(t) is Color.BLACK]
    check("live: Black's strings after the book's move, White first", after, targets, "alive")
    check("live: Black's largest string without it, White first", pos, [target], "not_alive")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=pathlib.Path, default=DATA)
    ap.add_argument("--level", default="elementary", help="elementary, intermediate, advanced or all")
    ap.add_argument("--limit", type=int, default=0, help="only the first N problems without ko (0: all)")
    ap.add_argument("--nodes", type=int, default=20_000, help="positions per search")
    ap.add_argument("--seconds", type=float, default=5.0, help="runaway time per search")
    ap.add_argument("--margin", type=int, default=0, help="free points between the stones and the wall")
    ap.add_argument("--near", type=int, default=None,
                    help="also fill the area's points farther than this from the defender's stones with the "
                         "attacker's stones (a tight frame; default: no fill)")
    ap.add_argument("--jsonl", type=pathlib.Path, help="write one line per check here")
    args = ap.parse_args(argv)
    levels = LEVELS if args.level == "all" else (args.level,)
    problems = []
    for level in levels:
        path = args.data / f"cho_{level}.jsonl"
        if not path.exists():
            print(f"no problem file {path}", file=sys.stderr)
            return 1
        with path.open(encoding="utf-8") as fh:
            problems += [p for p in map(json.loads, fh) if p["derived"].get("ko_answer") == "no_ko"]
    if args.limit:
        problems = problems[: args.limit]
    sink = args.jsonl.open("w", encoding="utf-8") if args.jsonl else None
    rows = []
    t0 = time.perf_counter()
    for p in problems:
        for row in run(p, args.margin, args.nodes, args.seconds, args.near):
            row["id"] = p["id"]
            rows.append(row)
            if sink:
                sink.write(json.dumps(row) + "\n")
    if sink:
        sink.close()
    wall = time.perf_counter() - t0
    print(f"{len(problems)} Cho problems without ko ({', '.join(levels)}); frame margin {args.margin}"
          f"{'' if args.near is None else f', points farther than {args.near} from the defender filled'}; "
          f"budget {args.nodes} positions / {args.seconds:g} s per search; {wall:.0f} s in all")
    frames = [r for r in rows if r["check"] == "frame"]
    if frames:
        print(f"  not framed: {len(frames)} ({', '.join(sorted({r['status'] for r in frames}))})")
    checks = [r for r in rows if r["check"] != "frame"]
    for check in sorted({r["check"] for r in checks}):
        sub = [r for r in checks if r["check"] == check]
        proven = [r for r in sub if r["status"] != "unknown"]
        agree = [r for r in proven if r["status"] == r["expected"]]
        captures = Counter(r["capture"] for r in proven if r["status"] == "not_alive")
        print(f"  {check}: {len(sub)} searches, proven {len(proven)} ({len(proven) / len(sub):.1%}): "
              f"as expected {len(agree)}/{len(proven)}; not independently alive: "
              + ", ".join(f"{k} {v}" for k, v in sorted(captures.items())))
        for r in proven:
            seki = r.get("capture") == "uncapturable"
            if (r["status"] != r["expected"] and not (r["expected"] == "alive" and seki)) or (
                    check.startswith("kill") and seki):
                print(f"    {r['id']}: {r['status']}{' (' + r['capture'] + ')' if 'capture' in r else ''}, "
                      f"expected {r['expected']}, {r['nodes']} positions")
    times = sorted(r["seconds"] for r in checks)
    nodes = sum(r["nodes"] for r in checks)
    if times:
        print(f"  seconds per search: median {statistics.median(times):.3f}, p95 {times[int(0.95 * (len(times) - 1))]:.3f}, "
              f"max {times[-1]:.2f}; {nodes:,} positions, {nodes / max(sum(times), 1e-9):,.0f} positions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
