"""Soundness soak: every proven verdict of ``analyse`` against an exact whole-board search.

The test suite checks the static rules and the local search on a few hundred small positions
(tests/test_static.py, tests/test_safety.py, tests/test_search.py); a wrong ``static`` or
``search`` verdict is a bug a referee cannot see, so this benchmark runs the same kind of check
for as long as one is willing to wait.  It generates dense random positions on small boards
(random legal plays, passes where a play is illegal, until few empty points are left), runs the
whole analysis pipeline of ``adjudicator analyse`` (Benson, eye pairs, confinement, the
safe-regions solver, the local searches with their zones) and, for each verdict labelled
``static`` or ``search``, an exact search of the *whole board* with no zone:

- AJR (``--rules japanese``): ``prove_independent_life`` with ``area=None`` (every play on the
  board allowed, three passes, fixed ko), the string's opponent first;
- J1989 (``--rules j1989``): ``confirm_life`` with ``area=None`` (Art. 7 confirmation, pass for
  ko once, two passes), the attacker first;
- Korean (``--rules korean``): the same with each side's ko priority: a static verdict must
  hold under both, a search verdict's status under the attacker's priority (the count of
  record) and its ``owner-ko-priority`` alternative, if any, under the owner's.

A whole-board value that is proven and differs from the verdict is printed with the position
and makes the exit status 1.  Whole-board searches that run out of ``--nodes`` are counted as
unchecked (the positions are small so that most are settled).  Deterministic for a seed.

    python benchmarks/soundness.py [--positions 2000] [--seed 1] [--sizes 5,6] [--empty 3-8]
        [--rules japanese,j1989] [--nodes 50000]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.confirm import confirm_life  # noqa: E402
from adjudicator.analysis.life import _CONFIRM_MODES, analyse_position  # noqa: E402
from adjudicator.analysis.search import prove_independent_life  # noqa: E402
from adjudicator.board import Color, Position  # noqa: E402
from adjudicator.rules import LifeGoal, parse_ruleset  # noqa: E402


def dense_position(rng: random.Random, size: int, empty_left: int) -> Position:
    """Random legal plays (alternating, a pass where the drawn point is illegal) until at most
    ``empty_left`` points are empty or 4 * size * size draws are spent."""
    pos = Position.empty(size)
    points = [(r, c) for r in range(size) for c in range(size)]
    for _ in range(4 * size * size):
        if pos.empty_bits.bit_count() <= empty_left:
            break
        _facts, after = pos.try_play(rng.choice(points))
        pos = after if after is not None else pos.play(None)
    return pos


def whole_board(pos: Position, stones: int, rules, nodes: int, mode: str | None = None) -> str:
    """``alive``, ``not_alive`` or ``unknown``: the exact value with plays anywhere on the board
    (``mode``: the confirmation's ko rule, for the capture goals)."""
    target = pos.point_of(stones)
    if rules.life_goal is LifeGoal.INDEPENDENT_LIFE:
        r = prove_independent_life(pos, target, area=None, end_passes=rules.analysis_end_passes,
                                   max_nodes=nodes, max_seconds=60.0)
        return r.status
    # The reading of Art. 7-1 that ``analyse`` uses (the rule set's ``new_stone`` axis; R2 in the
    # presets since session 30, docs/j1989.md): with confirm_life's own default (the narrowing)
    # every R2 "alive" that needs a capturing play after the capture was reported as a contradiction.
    r = confirm_life(pos, target, area=None, mode=mode, end_passes=rules.analysis_end_passes,
                     max_nodes=nodes, max_seconds=60.0, after_capture=rules.new_stone.value)
    return {"alive": "alive", "dead": "not_alive"}.get(r.status, "unknown")


def claims(v, rules) -> list[tuple[str | None, str]]:
    """(ko mode, status) pairs a proven verdict asserts (mode None under AJR)."""
    if rules.life_goal is LifeGoal.INDEPENDENT_LIFE:
        return [(None, v.status)]
    modes = _CONFIRM_MODES[rules.confirmation_ko]
    if v.provenance == "static":
        return [(m, v.status) for m in modes]
    out = [(modes[-1], v.status)]
    for condition, status, _seq in v.alternatives:
        if condition == "owner-ko-priority":
            out.append(("owner", status))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="5,6", help="board sides, comma-separated")
    ap.add_argument("--empty", default="3-8", help="range of empty points left, LO-HI")
    ap.add_argument("--rules", default="japanese,j1989", help="rule sets, comma-separated")
    ap.add_argument("--nodes", type=int, default=50_000, help="positions per whole-board search")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    lo, hi = (int(x) for x in args.empty.split("-"))
    rulesets = [parse_ruleset(name) for name in args.rules.split(",")]
    rng = random.Random(args.seed)
    stats: dict[str, Counter] = {r.name: Counter() for r in rulesets}
    bad = 0
    t0 = time.perf_counter()
    for _ in range(args.positions):
        pos = dense_position(rng, rng.choice(sizes), rng.randint(lo, hi))
        for rules in rulesets:
            for v in analyse_position(pos, rules):
                if v.provenance == "assumed":
                    stats[rules.name]["assumed"] += 1
                    continue
                key = f"{v.provenance}:{v.method}"
                for mode, status in claims(v, rules):
                    value = whole_board(pos, v.stones, rules, args.nodes, mode)
                    if value == "unknown":
                        stats[rules.name][key + " unchecked"] += 1
                    elif value == status:
                        stats[rules.name][key + " confirmed"] += 1
                    else:
                        stats[rules.name][key + " CONTRADICTED"] += 1
                        bad += 1
                        print(f"CONTRADICTION ({rules.name}{'' if mode is None else ', ko mode ' + mode}): "
                              f"{v.color.word} {v.vertex} {v.method} says {status}, the whole-board search "
                              f"{value}\n{pos}", flush=True)
    print(f"{args.positions} random positions (seed {args.seed}, sides {args.sizes}, {args.empty} empty points left); "
          f"whole-board searches of {args.nodes:,} positions; {time.perf_counter() - t0:.0f} s")
    for name, c in stats.items():
        print(f"  {name}: " + ", ".join(f"{k} {n}" for k, n in sorted(c.items())))
    print(f"contradictions: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
