"""GNU Go's own scoring regression suite, scored by ``adjudicator score`` (and by GNU Go beside it).

GNU Go's regression directory asks the final count of 60 positions, 58 of them in the
data: finished 19x19 games, mostly GNU Go against itself or other programs in 2000-2002,
the correct Japanese count of which the GNU Go team wrote into ``score.tst``, ``score2.tst`` and ``newscore.tst`` (GTP command files: a
``loadsgf`` line, a ``final_score``/``new_score`` test, and ``#? [W\\+97\\.5]``, the
correct answer as a regular expression; a trailing ``*`` says GNU Go was expected to
fail it, the answer still holds; ``../shared/benchmarks.md`` 3.2).  A few tests are
commented out in the files with a reason ("Unfinished", "the lower left corner is
unsettled"); they are run and reported apart.  Nobody on this project wrote these
answers, so they are a check of the whole ``score`` path (replay, fill, life, count)
against an outside referee.

For every position (the three files share positions; each is scored once) it prints
our result under each preset asked for, whether it matches the answer, and the time
(in-process, read to ruling).  For a disagreement it names the closest single
counterfactual: the assumed verdict whose reversal alone brings the count nearest
the answer (``Ruling.flipped``), and where that string stands in ``score``'s
Check-first list (the order a referee is told to check them in).  A disagreement that
only a *proven* verdict could explain would be a soundness alarm and is printed as
such.

With GNU Go installed (Debian package ``gnugo``) it also runs the suite's own test
command, ``gnugo --mode gtp`` with ``loadsgf FILE`` and ``final_score``, on every
position in the same run and prints its agreement and time beside ours, and the
ratio of the medians.

    python benchmarks/gnugo_suite.py [--data DIR] [--rules japanese[,j1989,korean]]
        [--no-gnugo] [--out docs/gnugo-suite.md]
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import platform
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.errors import AdjudicatorError  # noqa: E402
from adjudicator.report import check_first, score_file  # noqa: E402
from adjudicator.rules import parse_ruleset  # noqa: E402
from adjudicator.scoring import format_margin  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from real_games import code_version, gnugo_binary, parse_re, q  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "tsumego" / "gnugo"
SUITE_FILES = ("score.tst", "score2.tst", "newscore.tst")

_LOAD = re.compile(r"^(#\s*)?loadsgf\s+(\S+)(?:\s+(\d+))?\s*$")
_TEST = re.compile(r"^(#\s*)?(\d+)\s+(final_score|new_score)\b")
_ANSWER = re.compile(r"^#\s*(#\s*)?\?\s*\[(.*)\](\*?)\s*$")


@dataclass
class SuiteTest:
    """One position of the suite with its correct answer."""

    sgf: str                      # path relative to the suite folder, as in the .tst file
    answer: str                   # the regular expression of the correct result (score part only)
    tests: list[str] = field(default_factory=list)  # "score.tst:9", ... every test that asks it
    commented: bool = False       # commented out in the suite (reason in ``note``)
    gnugo_expected_fail: bool = False
    note: str = ""                # the comment lines just above the test, if any

    @property
    def name(self) -> str:
        return pathlib.PurePosixPath(self.sgf).stem

    def matches(self, result: str) -> bool:
        return re.fullmatch(self.answer, result) is not None

    @property
    def answer_text(self) -> str:
        return self.answer.replace("\\", "")


def parse_suite(folder: pathlib.Path, files: tuple[str, ...] = SUITE_FILES) -> list[SuiteTest]:
    """The positions of GNU Go's scoring tests in ``folder`` (one entry per SGF, first file first).

    ``new_score`` answers carry extra text after the score (``W\\+141.5 .*``); only the score part
    is kept.  A position asked with different answers by two files raises ``ValueError`` (the
    files would contradict each other).
    """
    by_sgf: dict[str, SuiteTest] = {}
    for fname in files:
        path = folder / fname
        if not path.exists():
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        sgf, sgf_commented, note = None, False, []
        for i, line in enumerate(lines):
            stripped = line.strip()
            m = _LOAD.match(stripped)
            if m:
                if m.group(3):  # a position part-way through a record: not a final count
                    sgf = None
                    continue
                sgf, sgf_commented = m.group(2), bool(m.group(1))
                continue
            m = _TEST.match(stripped)
            if m and sgf is not None:
                answer_line = lines[i + 1].strip() if i + 1 < len(lines) else ""
                a = _ANSWER.match(answer_line)
                if not a:
                    continue
                answer = a.group(2).split(" ")[0]
                test_id = f"{fname}:{m.group(2)}"
                commented = sgf_commented or bool(m.group(1))
                entry = by_sgf.get(sgf)
                if entry is None:
                    by_sgf[sgf] = SuiteTest(sgf, answer, [test_id], commented, bool(a.group(3)),
                                            " ".join(note))
                else:
                    if entry.answer != answer:
                        raise ValueError(f"{test_id}: answer {answer} differs from {entry.tests[0]}: {entry.answer}")
                    entry.tests.append(test_id)
                    entry.commented = entry.commented and commented
                    entry.gnugo_expected_fail = entry.gnugo_expected_fail or bool(a.group(3))
                note = []
                continue
            if stripped.startswith("#") and not _ANSWER.match(stripped) and not _TEST.match(stripped):
                text = stripped.lstrip("#").strip()
                if text and not text.startswith("-"):
                    note.append(text)
            elif not stripped:
                if sgf is None:
                    note = []
    return list(by_sgf.values())


@dataclass
class Outcome:
    result: str
    agree: bool
    seconds: float
    assumed: int = 0
    strings: int = 0
    counterfactual: str = ""      # the closest single reversal, for a disagreement
    rank: int | None = None       # its place in the Check-first list (1-based), if it gives the answer
    alarm: str = ""               # a disagreement only a proven verdict could explain


def rule_on(test: SuiteTest, folder: pathlib.Path, rules: str) -> Outcome:
    """Our count of ``test`` under ``rules`` and, if it disagrees, the closest single reversal."""
    start = time.perf_counter()
    try:
        ruling = score_file(folder / test.sgf, rules=rules)
    except AdjudicatorError as e:
        return Outcome(f"error: {e}", False, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    out = Outcome(ruling.result, test.matches(ruling.result), seconds, len(ruling.unsettled),
                  len(ruling.verdicts))
    if out.agree:
        return out
    target = parse_re(test.answer_text)
    if target is None:
        out.counterfactual = "the answer is not a count"
        return out
    decisive, others = check_first(ruling)
    order = decisive + others
    best = None
    for verdict in order:
        margin = ruling.flipped.get(verdict.stones)
        if margin is None:
            continue
        gap = abs(margin - target)
        if best is None or gap < best[0]:
            best = (gap, verdict, margin)
    if best is None:
        out.counterfactual = "no assumed verdict to reverse"
    else:
        gap, verdict, margin = best
        place = order.index(verdict) + 1
        if gap < 1e-9:
            out.rank = place
        n = verdict.stones.bit_count()
        out.counterfactual = (f"{verdict.color.word} {verdict.vertex} ({n} stone{'s' if n != 1 else ''}, "
                              f"{verdict.status.replace('_', ' ')}, assumed) reversed gives "
                              f"{format_margin(margin)} ({'= the answer' if gap < 1e-9 else f'{gap:g} from it'}); "
                              f"Check-first place {place} of {len(order)}")
    proven_only = not order
    if proven_only:
        out.alarm = "every verdict is proven, yet the count differs from the answer"
    return out


def gnugo_final_score(binary: str, path: pathlib.Path) -> tuple[str, float]:
    """GNU Go's answer to the suite's own test (``loadsgf`` then ``final_score`` over GTP) and its wall time."""
    start = time.perf_counter()
    try:
        proc = subprocess.run([binary, "--mode", "gtp"], input=f"loadsgf {path}\nfinal_score\nquit\n",
                              capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - start
    seconds = time.perf_counter() - start
    answers = re.findall(r"^= ?(.*)$", proc.stdout, re.MULTILINE)
    return (answers[1].strip() if len(answers) > 1 else "?"), seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=pathlib.Path, default=DEFAULT_DATA, help="GNU Go's regression folder")
    ap.add_argument("--rules", default="japanese", help="comma-separated presets (default japanese)")
    ap.add_argument("--no-gnugo", action="store_true", help="do not run GNU Go beside us")
    ap.add_argument("--out", type=pathlib.Path, default=None, help="also write the report as Markdown here")
    args = ap.parse_args(argv)

    if not (args.data / "score.tst").exists():
        print(f"error: {args.data}: no score.tst (GNU Go's regression folder, ../shared/data/tsumego/gnugo)",
              file=sys.stderr)
        return 1
    presets = [r.strip() for r in args.rules.split(",") if r.strip()]
    for name in presets:
        parse_ruleset(name)
    suite = parse_suite(args.data)
    missing = [t for t in suite if not (args.data / t.sgf).exists()]
    suite = [t for t in suite if t not in missing]
    binary = None if args.no_gnugo else gnugo_binary()

    rows, lines = [], []
    ours: dict[str, list[Outcome]] = {name: [] for name in presets}
    gnugo: list[tuple[str, float, bool]] = []
    for test in suite:
        row = [test.name, test.answer_text + ("*" if test.gnugo_expected_fail else ""),
               "commented out" if test.commented else "active"]
        for name in presets:
            outcome = rule_on(test, args.data, name)
            ours[name].append(outcome)
            row.append(outcome)
        if binary:
            res, secs = gnugo_final_score(binary, args.data / test.sgf)
            gnugo.append((res, secs, test.matches(res)))
            row.append(gnugo[-1])
        rows.append((test, row))
        print(f"  {test.name}: " + ", ".join(f"{n} {o.result}" for n, o in zip(presets, row[3:])), file=sys.stderr)

    def summary(label: str, flags: list[bool], times: list[float], extra: str = "") -> str:
        active = [f for f, (t, _) in zip(flags, rows) if not t.commented]
        held = [f for f, (t, _) in zip(flags, rows) if t.commented]
        held_text = f"; commented-out tests {sum(held)}/{len(held)}" if held else ""
        return (f"  {label:<18} active tests {sum(active)}/{len(active)}{held_text}; "
                f"seconds per position: median {statistics.median(times):.3f}, p95 {q(times, 0.95):.3f}{extra}")

    n_active = sum(not t.commented for t in suite)
    lines.append(f"GNU Go scoring suite ({', '.join(SUITE_FILES)} in {args.data}): {len(suite)} positions, "
                 f"{n_active} active, {len(suite) - n_active} commented out by GNU Go"
                 + (f"; not in the data (left out): {', '.join(t.name for t in missing)}" if missing else ""))
    for name in presets:
        outs = ours[name]
        ratio = ""
        if gnugo:
            ratio = (f"; time ratio ours/GNU Go: median "
                     f"{statistics.median(o.seconds for o in outs) / statistics.median(s for _, s, _ in gnugo):.2f}")
        assumed = sum(o.assumed for o in outs)
        strings = sum(o.strings for o in outs)
        lines.append(summary(f"ours ({name})", [o.agree for o in outs], [o.seconds for o in outs], ratio))
        lines.append(f"  {'':<18} assumed verdicts {assumed}/{strings} strings"
                     f" = {100.0 * assumed / strings:.1f} %" if strings else "")
        ranks = [o.rank for o in outs if not o.agree and o.rank]
        wrong = [o for o in outs if not o.agree]
        if wrong:
            lines.append(f"  {'':<18} disagreements {len(wrong)}: one reversal of an assumed verdict gives the "
                         f"answer in {len(ranks)}" + (f" (Check-first places {sorted(ranks)})" if ranks else "")
                         + f"; soundness alarms {sum(bool(o.alarm) for o in wrong)}")
    if gnugo:
        lines.append(summary(f"GNU Go ({pathlib.Path(binary).name})", [g for _, _, g in gnugo],
                             [s for _, s, _ in gnugo], "; whole process, `gnugo --mode gtp`: loadsgf, final_score"))

    print("\n".join(lines))
    table = ["| position | answer | status | " + " | ".join(f"ours ({n})" for n in presets)
             + (" | GNU Go |" if gnugo else " |"),
             "|---|---|---|" + "---|" * len(presets) + ("---|" if gnugo else "")]
    notes = []
    for test, row in rows:
        cells = [f"{o.result}{'' if o.agree else ' ✗'}" for o in row[3:3 + len(presets)]]
        if gnugo:
            res, _, ok = row[-1]
            cells.append(f"{res}{'' if ok else ' ✗'}")
        table.append(f"| {test.name} | {row[1]} | {row[2]} | " + " | ".join(cells) + " |")
        for name, o in zip(presets, row[3:]):
            if not o.agree:
                text = o.counterfactual + (f"; ALARM: {o.alarm}" if o.alarm else "")
                notes.append(f"- {test.name} ({name}; answer {test.answer_text}, ours {o.result}): {text}"
                             + (f".  GNU Go's note: \"{test.note}\"" if test.note else ""))
    print("\n".join(["", "disagreements:", *notes]) if notes else "\nno disagreements")
    if args.out:
        command = "python benchmarks/gnugo_suite.py " + " ".join(argv if argv is not None else sys.argv[1:])
        doc = [
            "# GNU Go's scoring regression suite",
            "",
            "Generated by `benchmarks/gnugo_suite.py` (do not edit by hand; rerun it).  Every number below was",
            "measured in the run described here.",
            "",
            f"- command: `{command.strip()}`",
            f"- code: {code_version()}",
            f"- date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}; "
            f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}",
            "- data: GNU Go's `regression/score.tst`, `score2.tst` and `newscore.tst` with their SGF files",
            "  (`../shared/data/tsumego/gnugo`, benchmarks.md 3.2; GPL-3.0).  The answers are the GNU Go",
            "  team's correct Japanese counts; `*` after an answer means GNU Go itself was expected to fail it.",
            "",
            "## Summary",
            "",
            "```text",
            *lines,
            "```",
            "",
            "## Every position",
            "",
            *table,
            "",
            "## Disagreements",
            "",
            *(notes or ["None."]),
            "",
        ]
        args.out.write_text("\n".join(doc), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
