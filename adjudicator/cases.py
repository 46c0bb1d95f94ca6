"""The precedent cases library: load ``cases/*.toml`` sidecars and check the engine against them.

Each case is a pair in the ``cases/`` folder:

- ``<name>.sgf``: the position (``AB``/``AW`` setup, ``SZ``, ``KM``, ``PL``, and
  optionally moves, usually the two passes that stop the game, or plays after
  them for resumption cases);
- ``<name>.toml``: what the case is, where it comes from, and the expected
  ruling per preset (tables ``[ajr]``, ``[j1989]``, ``[korean]``).  The format
  is documented field by field in ``cases/README.md``.

:func:`load_cases` reads and validates the sidecars (a malformed sidecar is a
:class:`CaseError` naming the file and the key, e.g. ``cases/x.toml: [j1989.dead]
"Z9" is not a vertex of the 9x9 board``).  :func:`run_case` rules on the SGF
with the real engine (:func:`adjudicator.report.score_file` and
:func:`adjudicator.report.ruling_to_dict`, exactly what ``adjudicator score
--json`` prints) and compares only the keys present in the expected table.
Nothing here knows any case: the engine decides, the sidecar only checks.

A preset table may carry ``known_failure = "why"``: the check is then expected
to fail (the engine does not implement that part yet).  When such a check
passes, it is reported as ``xpass`` and counts as a failure, so the marker is
removed as soon as the engine catches up (pytest does the same with
``xfail(strict=True)``).
"""

from __future__ import annotations

import dataclasses
import fnmatch
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from .analysis.life import Budget
from .coords import point_from_vertex, vertex_from_point
from .errors import AdjudicatorError
from .report import ruling_to_dict, score_file
from .rules import parse_ruleset
from .sgfio import read_sgf

__all__ = [
    "CASES_BUDGET",
    "PRESETS",
    "OUTCOMES",
    "CaseError",
    "Expected",
    "Case",
    "Check",
    "CaseRun",
    "default_cases_dir",
    "load_case",
    "load_cases",
    "run_case",
    "run_cases",
    "runs_to_dict",
    "render_runs",
]

#: Search budget of every case run (``adjudicator cases`` and ``tests/test_cases.py`` alike): the
#: ``score`` default node budget (20,000 positions per string), with the time limits raised so far
#: that they only guard against a runaway search.  Verdicts then depend on the node count alone,
#: never on how loaded the machine is (a case that passes here passes on CI).  The whole library
#: takes about 50 s on this 2-core machine.  A case whose verdict needs more search than this is a
#: known failure with that reason.
CASES_BUDGET = Budget(nodes=20_000, seconds=30.0, total_seconds=60.0, total_nodes=2_000_000)

#: The preset tables a sidecar may hold (``japanese`` is the same preset as ``ajr``).
PRESETS = ("ajr", "j1989", "korean")

#: Values of ``outcome``: those of ``score --json`` plus the rulings that are not a count.
OUTCOMES = ("black-wins", "white-wins", "jigo", "tie", "no-result", "both-lose", "referee-decides")

_VERIFIED = ("source", "inferred")
_FOLLOWS = ("method", "precedent")
_FILL = ("propose", "none")

# Keys of a preset table: checked keys and their TOML types, then documentation keys.
_VERTEX_KEYS = ("dead", "seki", "alive", "not_alive")
_CHECK_TYPES: dict[str, type] = {
    "result": str,
    "outcome": str,
    "dead": list,
    "seki": list,
    "alive": list,
    "not_alive": list,
    "territory_black": int,
    "territory_white": int,
}
_DOC_KEYS = ("note", "precedent", "follows", "why", "known_failure", "axes")
_TOP_KEYS = ("title", "description", "source", "reference", "verified", "fill", "tags", "agreed", *PRESETS)


class CaseError(AdjudicatorError):
    """A case sidecar is missing, malformed, or does not fit its SGF."""


@dataclass(frozen=True)
class Expected:
    """The expected ruling of one case under one preset.

    ``checks`` holds only the keys the sidecar gives (see ``_CHECK_TYPES``);
    ``axes`` changes rule axes of the preset for this case (``"confirmation_ko=pass-for-ko-each"``,
    the syntax of ``--rules PRESET,axis=value``); ``budget`` (0: the library's
    :data:`CASES_BUDGET`) is the number of search positions per string this ruling needs when
    that is more than ``score``'s default (the run then uses it, as ``--budget`` would);
    ``known_failure`` is the reason the engine is known not to meet them yet.
    """

    preset: str
    checks: Mapping[str, Any]
    axes: str = ""
    budget: int = 0
    note: str = ""
    precedent: str = ""
    follows: str = ""
    why: str = ""
    known_failure: str = ""


@dataclass(frozen=True)
class Case:
    """One case: the SGF position, its provenance and the expected rulings."""

    name: str
    sgf: Path
    toml: Path
    title: str
    description: str
    sources: tuple[str, ...]
    reference: str
    verified: str
    fill: str
    tags: tuple[str, ...]
    size: int
    expected: Mapping[str, Expected]
    #: Run with the players' marks of the record (TB/TW, as ``score --agreed``): the marks settle
    #: assumed verdicts and never overrule a proof (:mod:`adjudicator.agreement`).
    agreed: bool = False


@dataclass(frozen=True)
class Check:
    """One compared key: whether it held, and a one-line difference when it did not."""

    key: str
    ok: bool
    diff: str = ""


@dataclass
class CaseRun:
    """A case run under one preset.

    ``state`` is ``pass``, ``fail``, ``xfail`` (failed, marked known failure),
    ``xpass`` (passed although marked known failure: remove the marker) or
    ``error`` (the engine raised; ``error`` holds the message).
    """

    case: Case
    preset: str
    checks: list[Check] = field(default_factory=list)
    seconds: float = 0.0
    error: str = ""
    result: str = ""

    @property
    def passed(self) -> bool:
        return not self.error and all(c.ok for c in self.checks)

    @property
    def state(self) -> str:
        known = bool(self.case.expected[self.preset].known_failure)
        if self.passed:
            return "xpass" if known else "pass"
        if known:
            return "xfail"
        return "error" if self.error else "fail"

    @property
    def bad(self) -> bool:
        """True when this run makes ``adjudicator cases`` exit 1."""
        return self.state in ("fail", "error", "xpass")

    def diff(self) -> str:
        """The failed checks in one line (empty when all held)."""
        if self.error:
            return f"error: {self.error}"
        return "; ".join(c.diff for c in self.checks if not c.ok)


# -- loading ------------------------------------------------------------------------


def default_cases_dir() -> Path:
    """``cases/`` of the source checkout (beside the package), else ``./cases``."""
    here = Path(__file__).resolve().parent.parent / "cases"
    return here if here.is_dir() else Path("cases")


def _err(path: Path, loc: str, msg: str) -> CaseError:
    return CaseError(f"{path}: [{loc}] {msg}" if loc else f"{path}: {msg}")


def _string(path: Path, data: Mapping[str, Any], key: str, *, required: bool, loc: str = "") -> str:
    where = f"{loc}.{key}" if loc else key
    if key not in data:
        if required:
            raise _err(path, where, "missing")
        return ""
    value = data[key]
    if not isinstance(value, str) or (required and not value.strip()):
        raise _err(path, where, f"expected a non-empty string, got {value!r}")
    return value


def _vertices(path: Path, loc: str, value: list[Any], size: int) -> list[str]:
    """``value``'s vertices, upper-cased; CaseError for one that is no string or no point of the board."""
    for v in value:
        if not isinstance(v, str):
            raise _err(path, loc, f"expected vertices such as \"C3\", got {v!r}")
        try:
            point_from_vertex(v, size)
        except AdjudicatorError:
            raise _err(path, loc, f"{v!r} is not a vertex of the {size}x{size} board") from None
    return [v.strip().upper() for v in value]


def _expected(path: Path, preset: str, table: Any, size: int) -> Expected:
    if not isinstance(table, dict):
        raise _err(path, preset, "expected a table")
    checks: dict[str, Any] = {}
    nodes = 0
    for key, value in table.items():
        loc = f"{preset}.{key}"
        if key == "budget":
            if isinstance(value, bool) or not isinstance(value, int) or value <= CASES_BUDGET.nodes:
                raise _err(path, loc, f"expected a whole number of search positions above the default "
                                      f"{CASES_BUDGET.nodes}, got {value!r}")
            nodes = value
            continue
        if key in _DOC_KEYS:
            if not isinstance(value, str) or not value.strip():
                raise _err(path, loc, f"expected a non-empty string, got {value!r}")
            continue
        kind = _CHECK_TYPES.get(key)
        if kind is None:
            known = ", ".join((*_CHECK_TYPES, *_DOC_KEYS, "budget"))
            raise _err(path, loc, f"unknown key (known: {known})")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise _err(path, loc, f"expected a whole number of points, got {value!r}")
        if not isinstance(value, kind):
            raise _err(path, loc, f"expected a {kind.__name__}, got {value!r}")
        if key == "outcome" and value not in OUTCOMES:
            raise _err(path, loc, f"unknown outcome {value!r} (known: {', '.join(OUTCOMES)})")
        if key in _VERTEX_KEYS:
            value = _vertices(path, loc, value, size)
        checks[key] = value
    if not checks:
        raise _err(path, preset, "no expected value (give at least one of " + ", ".join(_CHECK_TYPES) + ")")
    doc = {k: table.get(k, "") for k in _DOC_KEYS}
    if doc["axes"]:
        try:
            parse_ruleset(f"{preset},{doc['axes']}")
        except AdjudicatorError as e:
            raise _err(path, f"{preset}.axes", str(e)) from None
    if doc["precedent"] or doc["follows"] or doc["why"]:
        if not (doc["precedent"] and doc["follows"] and doc["why"]):
            raise _err(path, preset, "precedent, follows and why go together")
        if doc["follows"] not in _FOLLOWS:
            raise _err(path, f"{preset}.follows", f"expected one of {', '.join(_FOLLOWS)}, got {doc['follows']!r}")
    return Expected(preset=preset, checks=checks, budget=nodes, **doc)


def load_case(toml_path: str | Path) -> Case:
    """Read and validate one sidecar and the SGF beside it; raises CaseError."""
    path = Path(toml_path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise CaseError(f"{path}: cannot read ({e.strerror or e})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise CaseError(f"{path}: not valid TOML ({e})") from None
    unknown = sorted(set(data) - set(_TOP_KEYS))
    if unknown:
        raise _err(path, unknown[0], f"unknown key (known: {', '.join(_TOP_KEYS)})")
    sgf = path.with_suffix(".sgf")
    if not sgf.is_file():
        raise CaseError(f"{path}: the position {sgf.name} is missing")
    size = read_sgf(sgf).size  # SgfError (an AdjudicatorError) if the SGF is broken
    title = _string(path, data, "title", required=True)
    description = _string(path, data, "description", required=True)
    reference = _string(path, data, "reference", required=True)
    verified = _string(path, data, "verified", required=True)
    if verified not in _VERIFIED:
        raise _err(path, "verified", f"expected one of {', '.join(_VERIFIED)}, got {verified!r}")
    fill = _string(path, data, "fill", required=False) or "propose"
    if fill not in _FILL:
        raise _err(path, "fill", f"expected one of {', '.join(_FILL)}, got {fill!r}")
    source = data.get("source")
    if isinstance(source, str):
        source = [source]
    if not isinstance(source, list) or not source or not all(isinstance(s, str) and s.strip() for s in source):
        raise _err(path, "source", "expected a URL or a list of URLs")
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise _err(path, "tags", "expected a list of strings")
    agreed = data.get("agreed", False)
    if not isinstance(agreed, bool):
        raise _err(path, "agreed", f"expected true or false, got {agreed!r}")
    expected = {p: _expected(path, p, data[p], size) for p in PRESETS if p in data}
    if not expected:
        raise _err(path, "", f"no preset table (give at least one of {', '.join(f'[{p}]' for p in PRESETS)})")
    return Case(
        name=path.stem, sgf=sgf, toml=path, title=title, description=description, sources=tuple(source),
        reference=reference, verified=verified, fill=fill, tags=tuple(tags), size=size, expected=expected,
        agreed=agreed,
    )


def load_cases(directory: str | Path | None = None, pattern: str = "*") -> list[Case]:
    """All cases of ``directory`` (default :func:`default_cases_dir`) whose name matches ``pattern``.

    Raises CaseError for a missing folder, a pattern that matches nothing, or
    the first malformed sidecar.
    """
    folder = Path(directory) if directory is not None else default_cases_dir()
    if not folder.is_dir():
        raise CaseError(f"{folder}: no such cases folder")
    paths = sorted(p for p in folder.glob("*.toml") if fnmatch.fnmatchcase(p.stem, pattern))
    if not paths:
        raise CaseError(f"{folder}: no case matches {pattern!r}")
    return [load_case(p) for p in paths]


# -- running ------------------------------------------------------------------------


def _preset_name(preset: str) -> str:
    name = preset.strip().lower()
    if name == "japanese":
        name = "ajr"
    if name not in PRESETS:
        raise CaseError(f"unknown preset {preset!r} for cases (known: japanese, {', '.join(PRESETS)})")
    return name


def _strings_check(key: str, expected: list[str], d: dict[str, Any]) -> Check:
    """Compare the strings named in ``expected`` with the strings of that fate or status in ``d``."""
    strings = d["strings"]
    where = {v: i for i, s in enumerate(strings) for v in s["stones"]}
    named: dict[int, str] = {}
    for v in expected:
        if v not in where:
            return Check(key, False, f"{key}: {v} is not a stone of the counted position")
        named.setdefault(where[v], v)

    def label(i: int) -> str:
        s = strings[i]
        return f"{named.get(i, s['vertex'])} ({s['color']}, {len(s['stones'])} st., {s['fate']}/{s['status']})"

    if key in ("dead", "seki"):  # exact: these strings and no others have that fate
        actual = {i for i, s in enumerate(strings) if s["fate"] == key}
        missing = sorted(set(named) - actual)
        extra = sorted(actual - set(named))
        if not missing and not extra:
            return Check(key, True)
        parts = []
        if missing:
            parts.append("expected " + ", ".join(label(i) for i in missing))
        if extra:
            parts.append("not expected " + ", ".join(label(i) for i in extra))
        return Check(key, False, f"{key}: " + "; ".join(parts))
    status = "alive" if key == "alive" else "not_alive"  # subset: these strings have that verdict
    wrong = [i for i in named if strings[i]["status"] != status]
    if not wrong:
        return Check(key, True)
    return Check(key, False, f"{key}: " + ", ".join(label(i) for i in wrong))


def _compare(expected: Expected, d: dict[str, Any]) -> list[Check]:
    checks = []
    for key, want in expected.checks.items():
        if key in _VERTEX_KEYS:
            checks.append(_strings_check(key, want, d))
            continue
        if key == "territory_black":
            got = d["count"]["black"]["territory"]
        elif key == "territory_white":
            got = d["count"]["white"]["territory"]
        else:
            got = d.get(key)
        ok = got == want
        checks.append(Check(key, ok, "" if ok else f"{key}: expected {want!r}, got {got!r}"))
    return checks


def run_case(case: Case, preset: str, *, budget: Budget = CASES_BUDGET) -> CaseRun:
    """Rule on ``case`` under ``preset`` with the real engine and compare the expected keys.

    An engine error is part of the run (``state == "error"``), not raised.
    """
    name = _preset_name(preset)
    if name not in case.expected:
        raise CaseError(f"{case.toml}: no [{name}] table")
    run = CaseRun(case=case, preset=name)
    start = time.perf_counter()
    try:
        axes = case.expected[name].axes
        rules = f"{name},{axes}" if axes else name
        nodes = case.expected[name].budget
        if nodes:
            budget = dataclasses.replace(budget, nodes=nodes, total_nodes=max(budget.position_nodes, 3 * nodes))
        ruling = score_file(case.sgf, rules=rules, no_fill=case.fill == "none", budget=budget, agreed=case.agreed)
        d = ruling_to_dict(ruling)
    except Exception as e:  # an engine failure is a finding of the run, reported in one line
        run.error = " ".join(f"{type(e).__name__}: {e}".split())
    else:
        run.result = f"{d.get('outcome')} {d.get('result')}"
        run.checks = _compare(case.expected[name], d)
    run.seconds = time.perf_counter() - start
    return run


def run_cases(
    cases: Iterable[Case], presets: Iterable[str] | None = None, *, budget: Budget = CASES_BUDGET
) -> list[CaseRun]:
    """Run every case under every requested preset it has a table for (all presets by default)."""
    wanted = [_preset_name(p) for p in presets] if presets is not None else list(PRESETS)
    return [run_case(c, p, budget=budget) for c in cases for p in wanted if p in c.expected]


# -- reporting ----------------------------------------------------------------------


def runs_to_dict(runs: list[CaseRun]) -> dict[str, Any]:
    """The ``cases --json`` object: one entry per run plus counts per preset and state."""
    counts: dict[str, dict[str, int]] = {}
    for r in runs:
        counts.setdefault(r.preset, {}).setdefault(r.state, 0)
        counts[r.preset][r.state] += 1
    return {
        "runs": [
            {
                "case": r.case.name,
                "preset": r.preset,
                "state": r.state,
                "seconds": round(r.seconds, 3),
                "got": r.result,
                "diff": r.diff(),
                "known_failure": r.case.expected[r.preset].known_failure,
                "budget": r.case.expected[r.preset].budget or CASES_BUDGET.nodes,
                "checks": [{"key": c.key, "ok": c.ok, "diff": c.diff} for c in r.checks],
            }
            for r in runs
        ],
        "counts": counts,
        "failed": sum(1 for r in runs if r.bad),
        "slowest": max(((r.seconds, r.case.name, r.preset) for r in runs), default=None),
    }


def render_runs(runs: list[CaseRun]) -> str:
    """The text table of ``adjudicator cases``: case x preset with state and time, then the totals."""
    presets = [p for p in PRESETS if any(r.preset == p for r in runs)]
    by_case: dict[str, dict[str, CaseRun]] = {}
    for r in runs:
        by_case.setdefault(r.case.name, {})[r.preset] = r
    width = max([len("case")] + [len(n) for n in by_case])
    head = f"{'case':<{width}}  " + "  ".join(f"{p:<14}" for p in presets)
    lines = [head, "-" * len(head)]
    notes = []
    for name, row in by_case.items():
        cells = []
        for p in presets:
            r = row.get(p)
            cells.append(f"{'-':<14}" if r is None else f"{r.state:<6} {r.seconds:6.2f}s ")
            if r is not None and r.state != "pass":
                why = r.diff() if r.state != "xpass" else "passes now: remove known_failure"
                if r.state == "xfail":
                    why += f" [known: {r.case.expected[p].known_failure}]"
                notes.append(f"  {name} [{p}] {r.state}: {why}")
        lines.append(f"{name:<{width}}  " + "  ".join(cells))
    lines.append("")
    for p in presets:
        mine = [r for r in runs if r.preset == p]
        states = {s: sum(1 for r in mine if r.state == s) for s in ("pass", "fail", "error", "xfail", "xpass")}
        others = [f"{n} {s}" for s, n in states.items() if s != "pass" and n]
        lines.append(f"{p}: {states['pass']}/{len(mine)} pass" + "".join(f", {o}" for o in others))
    if runs:
        slow = max(runs, key=lambda r: r.seconds)
        lines.append(f"slowest: {slow.case.name} [{slow.preset}] {slow.seconds:.2f} s; "
                     f"total {sum(r.seconds for r in runs):.1f} s for {len(runs)} runs")
    bigger = [f"{r.case.name} [{r.preset}] {r.case.expected[r.preset].budget:,}" for r in runs
              if r.case.expected[r.preset].budget]
    if bigger:
        lines.append(f"searched with more than {CASES_BUDGET.nodes:,} positions per string (the case's budget): "
                     + ", ".join(bigger))
    if notes:
        lines.append("")
        lines.append("Not passing:")
        lines.extend(notes)
    return "\n".join(lines)
