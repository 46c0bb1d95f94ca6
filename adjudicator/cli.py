"""The ``adjudicator`` command line: thin typer commands over ``report.py``.

The only module that imports typer.  Exit codes, whatever the command:

- 0: success (a long cycle and an unfinished game are findings, not
  failures; so are illegal moves for ``replay`` without ``--strict`` and for
  the ruling commands with ``--skip-illegal``);
- 1: bad input, i.e. an :class:`~adjudicator.errors.AdjudicatorError` (a
  missing or malformed file, an unknown rule set, an illegal move in a record
  that a command rules on): one line ``error: <message>`` on stderr;
- 2: a usage error (unknown option, missing argument), reported by typer;
- 3: a bug in adjudicator (``error: internal error: ...``, one line), only
  from :func:`main`, the installed entry point.
"""

from __future__ import annotations

import json
from typing import Annotated, NoReturn, Optional

import typer

from . import __version__
from .errors import AdjudicatorError
from .rules import is_decimal
from .analysis.life import MAX_NODES, Budget
from .report import (
    analyse_file,
    analysis_to_dict,
    describe_presets,
    life_of_vertex,
    render_analysis,
    render_replay,
    render_rulesets,
    render_ruling,
    render_verdict,
    replay_file,
    replay_to_dict,
    ruling_to_dict,
    score_file,
    sgf_annotation,
)
from .sgfio import check_annotated_output, write_annotated_sgf

__all__ = ["app", "main"]

_RULES_HELP = (
    "Rule set: 'japanese' (= 'ajr', Applicable Japanese Rules 2008, the default), "
    "'j1989' (Nihon Ki-in 1989 rules with the official commentary) or 'korean' "
    "(Korean Baduk Association).  Change single axes with PRESET,axis=value,... "
    "(e.g. 'j1989,long_cycle=tie'); 'adjudicator rules' lists presets and axes.  "
    "The record's RU property is shown, never used to choose."
)

app = typer.Typer(
    name="adjudicator",
    help=(
        "Settle the end of Go games under Japanese (AJR 2008, J1989) and Korean rules.\n\n"
        "Exit codes: 0 success; 1 bad input (one line 'error: ...' on stderr); 2 usage error."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _number(text: str) -> float:
    """``float(text)`` without the readings a komi must not have: ``6_5`` as 65, other scripts' digits."""
    if not is_decimal(text) and text.strip().lower().lstrip("+-") not in ("nan", "inf", "infinity"):
        raise typer.BadParameter(f"{text!r} is not a number (write e.g. 6.5)")
    return float(text)  # nan and inf pass: score_file explains why they are not a komi


#: An error line longer than this keeps its start and end only (a bad value is quoted in it, and a
#: 5,000-character vertex made a 5,000-character line).
_MAX_ERROR = 600


def _one_line(message: str) -> str:
    """``message`` on one line, its middle left out when it is longer than :data:`_MAX_ERROR`."""
    message = " ".join(message.split())
    if len(message) <= _MAX_ERROR:
        return message
    keep = (_MAX_ERROR - 40) // 2
    return f"{message[:keep]} ... ({len(message) - 2 * keep:,} characters left out) ... {message[-keep:]}"


def _fail(error: BaseException) -> NoReturn:
    """Report ``error`` as one line on stderr and exit 1."""
    message = _one_line(str(error)) or type(error).__name__
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=1)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"adjudicator {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_show_version, is_eager=True),
    ] = False,
) -> None:
    """Options before the command (the app's help text is ``app``'s ``help``)."""


_SKIP_ILLEGAL_HELP = (
    "Skip the record's illegal moves (occupied point, suicide, basic-ko retake; each is listed in the "
    "reasons) and rule on the position the rest makes.  Without it the first illegal move is an error: "
    "skipping a move changes the position, so the ruling would not be the game's."
)


@app.command()
def replay(
    file: Annotated[
        str,  # not Path: messages and the JSON "file" show the name exactly as typed
        typer.Argument(metavar="FILE.sgf", help="SGF game record (the first game of the file, its main line)."),
    ],
    rules: Annotated[str, typer.Option("--rules", "-r", help=_RULES_HELP)] = "japanese",
    json_out: Annotated[
        bool,
        typer.Option(
            "--json",
            help=(
                "Print one JSON object instead of text: file, size, komi, handicap, rules (all axes), "
                "moves, prisoners (captured by black/white), stopped, phase, stops, final (rows of X/O/. "
                "top row first) and findings; fields are documented in docs/json.md."
            ),
        ),
    ] = False,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Treat an illegal move as an error (exit 1) instead of a finding."),
    ] = False,
) -> None:
    """Replay a game record and show where it ended.

    Plays the main line through adjudicator's own board (suicide and basic ko
    are illegal), then prints the final position (GTP coordinates, X = Black,
    O = White), the number of moves, the prisoners each side took, and the
    findings: the stop by two passes, resumptions, long cycles, illegal moves
    (skipped unless --strict) and setup stones after the start.
    """
    try:
        result = replay_file(file, rules=rules, strict=strict)
    except AdjudicatorError as e:
        _fail(e)
    if json_out:
        typer.echo(json.dumps(replay_to_dict(result), indent=2))
    else:
        typer.echo(render_replay(result))


_BUDGET_HELP = (
    "Search budget per string, in positions (nodes); the strings of one position share three "
    "times as much.  When a local search needs more, the verdict is 'assumed' and says so; it is "
    "never presented as proven.  Counted in positions, so the verdict does not depend on the "
    f"machine's speed or load.  At most {MAX_NODES:,} (the search tables take about 1.5 GB per million "
    "positions)."
)
_SECONDS_HELP = (
    "Runaway time limit per string, in seconds (exceeding it gives 'assumed'; the default is "
    "not reached within the default --budget)."
)


def _budget(nodes: int, seconds: float) -> Budget:
    if nodes < 1 or not seconds > 0:  # 'not >': nan is refused too
        raise typer.BadParameter("the budget must be positive")
    if nodes > MAX_NODES:
        raise typer.BadParameter(
            f"at most {MAX_NODES:,} positions per string (the search tables take about 1.5 GB per "
            f"million positions); got {nodes:,}"
        )
    return Budget(nodes=nodes, seconds=seconds)


@app.command()
def life(
    file: Annotated[str, typer.Argument(metavar="FILE.sgf", help="SGF game record; its final position is analysed.")],
    vertex: Annotated[str, typer.Argument(metavar="VERTEX", help="A stone of the string to analyse, e.g. D4 (GTP: no I).")],
    rules: Annotated[str, typer.Option("--rules", "-r", help=_RULES_HELP)] = "japanese",
    budget: Annotated[int, typer.Option("--budget", help=_BUDGET_HELP)] = Budget().nodes,
    seconds: Annotated[float, typer.Option("--seconds", help=_SECONDS_HELP)] = Budget().seconds,
    json_out: Annotated[bool, typer.Option("--json", help="Print the verdict as one JSON object (docs/json.md).")] = False,
    skip_illegal: Annotated[bool, typer.Option("--skip-illegal", help=_SKIP_ILLEGAL_HELP)] = False,
) -> None:
    """Decide whether the string at VERTEX lives, with a proof or marked as assumed.

    Under japanese/ajr the question is AJR's independent life: can the owner,
    with the opponent moving first, force a two-eye-formation that shares a
    point with the string?  The verdict's provenance says how it was settled:
    'static' (a proven rule: an eye pair, confinement, Benson), 'search' (an
    exact search of the local problem, with the refutation or the defence as
    the sequence) or 'assumed' (a heuristic guess a referee must confirm).
    """
    try:
        parsed = _budget(budget, seconds)
        _, verdict = life_of_vertex(file, vertex, rules=rules, budget=parsed, skip_illegal=skip_illegal)
    except AdjudicatorError as e:
        _fail(e)
    if json_out:
        typer.echo(json.dumps(verdict.to_dict(), indent=2))
    else:
        typer.echo(render_verdict(verdict))


@app.command()
def analyse(
    file: Annotated[str, typer.Argument(metavar="FILE.sgf", help="SGF game record; its final position is analysed.")],
    rules: Annotated[str, typer.Option("--rules", "-r", help=_RULES_HELP)] = "japanese",
    budget: Annotated[int, typer.Option("--budget", help=_BUDGET_HELP)] = Budget().nodes,
    seconds: Annotated[float, typer.Option("--seconds", help=_SECONDS_HELP)] = Budget().seconds,
    json_out: Annotated[
        bool,
        typer.Option("--json", help='Print one JSON object {"rules": ..., "strings": [...]} (docs/json.md).'),
    ] = False,
    skip_illegal: Annotated[bool, typer.Option("--skip-illegal", help=_SKIP_ILLEGAL_HELP)] = False,
) -> None:
    """Give a life verdict for every string of the final position.

    Assumed verdicts are listed first, the closest calls of the heuristic (playout shares
    nearest the alive threshold) first among them: they are guesses a referee must check.
    See 'adjudicator life --help' for what the verdicts mean.
    """
    try:
        parsed = _budget(budget, seconds)
        result, verdicts = analyse_file(file, rules=rules, budget=parsed, skip_illegal=skip_illegal)
    except AdjudicatorError as e:
        _fail(e)
    if json_out:
        typer.echo(json.dumps(analysis_to_dict(result, verdicts), indent=2))
    else:
        typer.echo(render_analysis(result, verdicts))


@app.command()
def score(
    file: Annotated[str, typer.Argument(metavar="FILE.sgf", help="SGF game record; its final position is counted.")],
    rules: Annotated[str, typer.Option("--rules", "-r", help=_RULES_HELP)] = "japanese",
    komi: Annotated[
        Optional[float],
        typer.Option("--komi", parser=_number, metavar="FLOAT", help="Komi in points for White; default: the record's KM, else the rule set's komi axis (6.5 in every preset)."),
    ] = None,
    no_fill: Annotated[
        bool, typer.Option("--no-fill", help="Refuse the proposed dame/teire fill: count the position as it stands.")
    ] = False,
    fill: Annotated[
        Optional[str],
        typer.Option("--fill", metavar="MOVES", help='Your own fill instead of the proposal, e.g. "B:C3,W:D4".'),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (fields in docs/scoring.md).")
    ] = False,
    sgf_out: Annotated[
        Optional[str],
        typer.Option(
            "--sgf-out",
            metavar="OUT.sgf",
            help="Also write a copy of the record with TB/TW territory, MA dead stones, CR seki stones and "
            "the ruling in a comment (written atomically; never the input file).",
        ),
    ] = None,
    reanalyse: Annotated[
        bool,
        typer.Option(
            "--reanalyse",
            help="Run the life analysis again on the filled position (slower; reports verdicts the fill changed).",
        ),
    ] = False,
    budget: Annotated[int, typer.Option("--budget", help=_BUDGET_HELP)] = Budget().nodes,
    seconds: Annotated[float, typer.Option("--seconds", help=_SECONDS_HELP)] = Budget().seconds,
    skip_illegal: Annotated[bool, typer.Option("--skip-illegal", help=_SKIP_ILLEGAL_HELP)] = False,
    agreed: Annotated[
        bool,
        typer.Option(
            "--agreed",
            help="Settle the strings the analysis cannot prove by the players' agreement: the territory marks "
            "(TB/TW) of the record's last marked node, as KGS writes them after the count (stones on the "
            "opponent's marks are dead, the others stay) or as --sgf-out writes them.  Proofs are never "
            "overruled; the reasons name every string whose marks contradict a proof.",
        ),
    ] = False,
    dead: Annotated[
        Optional[str],
        typer.Option(
            "--dead",
            metavar="VERTICES",
            help="Your decision as referee: these unproven strings are dead (one stone of each, e.g. D4,Q16). "
            "Under AJR 'dead' means not independently alive: removed inside the opponent's territory, "
            "elsewhere left without territory (seki).  A proven string is an error.",
        ),
    ] = None,
    alive: Annotated[
        Optional[str],
        typer.Option(
            "--alive",
            metavar="VERTICES",
            help="Your decision as referee: these unproven strings are alive (one stone of each).",
        ),
    ] = None,
    ko_threats: Annotated[
        Optional[str],
        typer.Option(
            "--ko-threats",
            metavar="B|W",
            help="Korean rules: your finding as referee of who has more ko threats elsewhere.  Where the "
            "ruling would say 'referee decides (ko threats)', the strings take the status that player's ko "
            "priority gives and the count decides.",
        ),
    ] = None,
) -> None:
    """Count a finished game: fill dame and teire, decide life, remove dead stones, say who won.

    Proposes the dame/teire fill (shown as a move list; refuse it with
    --no-fill or give your own with --fill), analyses every string (assumed
    verdicts are listed first: a referee must check them), counts territory
    and prisoners, applies komi and prints the result in SGF RE syntax
    (B+2.5, W+0.5, 0 for jigo or a tie, Void for no result or both lose, ?
    when the referee decides on ko threats) with the reasons.
    Settle the assumed verdicts by the players' marks (--agreed) or by your
    own decisions (--dead, --alive); the count then follows them.
    """
    try:
        parsed = _budget(budget, seconds)
        if sgf_out is not None:
            check_annotated_output(file, sgf_out)  # before the ruling, which can take long
        ruling = score_file(
            file,
            rules=rules,
            komi=komi,
            fill=fill,
            no_fill=no_fill,
            budget=parsed,
            reanalyse=reanalyse,
            skip_illegal=skip_illegal,
            agreed=agreed,
            dead=dead,
            alive=alive,
            ko_threats=ko_threats,
        )
        if sgf_out is not None:
            write_annotated_sgf(file, sgf_out, **sgf_annotation(ruling))
    except AdjudicatorError as e:
        _fail(e)
    if json_out:
        typer.echo(json.dumps(ruling_to_dict(ruling), indent=2))
    else:
        typer.echo(render_ruling(ruling))


@app.command()
def gtp(
    rules: Annotated[str, typer.Option("--rules", "-r", help=_RULES_HELP)] = "japanese",
) -> None:
    """Speak GTP version 2 on stdin/stdout: a scorer for GoGui, Sabaki and Go servers.

    Answers final_score and final_status_list with the ruling of
    'adjudicator score' on the game set up with boardsize, komi, play and
    loadsgf; adjudicator-ruling gives that ruling as one line of JSON.  It
    never generates moves.  Commands and reply formats: docs/gtp.md.
    """
    from .gtp import GtpEngine, serve_stdio

    try:
        engine = GtpEngine(rules)
    except AdjudicatorError as e:
        _fail(e)
    raise typer.Exit(serve_stdio(engine))


@app.command()
def batch(
    paths: Annotated[
        list[str],
        typer.Argument(metavar="PATH", help="SGF files, folders (searched recursively for *.sgf) and zip archives."),
    ],
    out: Annotated[
        str,
        typer.Option("--out", "-o", metavar="RESULTS.jsonl", help="JSON Lines output, appended to (never rewritten)."),
    ],
    jobs: Annotated[
        Optional[int],
        typer.Option("--jobs", "-j", help="Worker processes (default: the number of CPUs; at most 4 per CPU)."),
    ] = None,
    rules: Annotated[str, typer.Option("--rules", "-r", help=_RULES_HELP)] = "japanese",
    budget: Annotated[int, typer.Option("--budget", help=_BUDGET_HELP)] = Budget().nodes,
    seconds: Annotated[float, typer.Option("--seconds", help=_SECONDS_HELP)] = Budget().seconds,
    timeout: Annotated[
        float,
        typer.Option("--timeout", help="Seconds one record may take; a slower record fails as 'timed out'."),
    ] = 60.0,
    agreed: Annotated[
        bool,
        typer.Option(
            "--agreed",
            help="Settle the unproven verdicts of each record that has territory marks (TB/TW, the players' "
            "count as KGS writes it) by those marks, as 'score --agreed' does; each line then says which "
            "proven strings the marks contradict (marks_vs_proof).",
        ),
    ] = False,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="Do not draw the progress bar.")] = False,
) -> None:
    """Score many records in parallel: one JSON line per record, a summary at the end.

    Each record is scored as 'adjudicator score' does (proposed fill).  Records
    whose key (the path, or ARCHIVE.zip!MEMBER) is already in RESULTS.jsonl are
    skipped, so an interrupted batch resumes where it stopped.  A broken record
    becomes a line with "status": "error" and the batch goes on; the exit code
    is 0 unless the batch itself cannot run.  Line format: docs/batch.md.
    """
    import signal

    from .batch import RichProgress, render_summary, run_batch

    def stop(signum, frame):  # SIGTERM (kill, a service manager): stop as Ctrl-C does, with the same message
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        parsed = _budget(budget, seconds)
        with RichProgress(enabled=not no_progress) as progress:
            report = run_batch(
                paths, out, jobs=jobs, rules=rules, budget=parsed, timeout=timeout, progress=progress,
                agreed=agreed,
            )
    except AdjudicatorError as e:
        _fail(e)
    except KeyboardInterrupt:
        typer.echo(f"error: interrupted; the records done so far are in {out}: run again to resume", err=True)
        raise typer.Exit(code=130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    typer.echo(render_summary(report))


@app.command()
def diagram(
    file: Annotated[str, typer.Argument(metavar="FILE.sgf", help="SGF game record; its final position is drawn.")],
    output: Annotated[
        str,
        typer.Option("--output", "-o", metavar="OUT.svg", help="The SVG to write (atomically; never the input file)."),
    ],
    rules: Annotated[str, typer.Option("--rules", "-r", help=_RULES_HELP)] = "japanese",
    komi: Annotated[
        Optional[float],
        typer.Option("--komi", parser=_number, metavar="FLOAT", help="Komi in points for White; default: the record's KM, else the rule set's komi axis (6.5 in every preset)."),
    ] = None,
    no_fill: Annotated[
        bool, typer.Option("--no-fill", help="Refuse the proposed dame/teire fill: draw the position as it stands.")
    ] = False,
    skip_illegal: Annotated[bool, typer.Option("--skip-illegal", help=_SKIP_ILLEGAL_HELP)] = False,
    agreed: Annotated[bool, typer.Option("--agreed", help="As 'score --agreed': the players' marks settle "
                                         "the unproven verdicts.")] = False,
    dead: Annotated[Optional[str], typer.Option("--dead", metavar="VERTICES", help="As 'score --dead'.")] = None,
    alive: Annotated[Optional[str], typer.Option("--alive", metavar="VERTICES", help="As 'score --alive'.")] = None,
) -> None:
    """Draw the ruling of 'adjudicator score' as an SVG diagram with a legend.

    The counted board with coordinates, territory squares, dead stones
    (pale, crossed), seki stones (ringed), the fill stones (numbered) and a
    '?' badge on every string whose verdict is assumed (and not settled by
    --agreed, --dead or --alive), then the result and the count per side.
    Symbols: docs/diagrams.md.
    """
    from .svg import diagram_file

    try:
        ruling = diagram_file(file, output, rules=rules, komi=komi, no_fill=no_fill, skip_illegal=skip_illegal,
                              agreed=agreed, dead=dead, alive=alive)
    except AdjudicatorError as e:
        _fail(e)
    typer.echo(f"{output}: {ruling.result} ({ruling.summary})")


@app.command("cases")
def cases_(
    rules: Annotated[
        Optional[str], typer.Option("--rules", "-r", help="Run only this preset: japanese (= ajr), j1989 or korean.")
    ] = None,
    case: Annotated[str, typer.Option("--case", metavar="GLOB", help="Run only cases whose name matches, e.g. 'bent-four*'.")] = "*",
    directory: Annotated[
        Optional[str], typer.Option("--dir", metavar="DIR", help="The cases folder (default: cases/ of the checkout).")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object: runs, counts, slowest.")] = False,
) -> None:
    """Run the precedent cases (cases/*.sgf + *.toml) through the engine and print a pass/fail table.

    Each case is ruled on by 'score' under each preset its sidecar has a table
    for; only the keys the sidecar gives are compared.  Exit 1 if a case fails
    that is not marked known_failure, or a known failure passes (remove its
    marker).  See cases/README.md for the sidecar format.
    """
    from .cases import load_cases, render_runs, run_cases, runs_to_dict

    try:
        runs = run_cases(load_cases(directory, case), None if rules is None else [rules])
    except AdjudicatorError as e:
        _fail(e)
    typer.echo(json.dumps(runs_to_dict(runs), indent=2) if json_out else render_runs(runs))
    if any(r.bad for r in runs):
        raise typer.Exit(code=1)


@app.command()
def resume(
    file: Annotated[str, typer.Argument(metavar="FILE.sgf", help="SGF record that ends with two successive passes.")],
    by: Annotated[str, typer.Option("--by", metavar="B|W", help="The player who asks to resume.")],
    rules: Annotated[str, typer.Option("--rules", "-r", help=_RULES_HELP)] = "japanese",
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Say who moves first when a stopped game is resumed, and the state it resumes from.

    AJR: as if the last two passes had not occurred (the first passer moves,
    position, prisoners and ko ban restored).  J1989 Art. 9-3: the opponent of
    the player who asked moves first (Korean: assumed the same).
    """
    from .report import render_resume, resume_file, resume_to_dict

    try:
        result, resumed = resume_file(file, by, rules=rules)
    except AdjudicatorError as e:
        _fail(e)
    typer.echo(json.dumps(resume_to_dict(result, resumed), indent=2) if json_out else render_resume(result, resumed))


@app.command("rules")
def rules_(
    json_out: Annotated[bool, typer.Option("--json", help="Print a JSON list: one object per preset.")] = False,
) -> None:
    """List the rule-set presets, their aliases, sources and axis values.

    japanese (= ajr): Applicable Japanese Rules, 2008.  j1989: the Nihon Ki-in
    rules of 1989 with their official commentary.  korean: the Korean Baduk
    Association rules.  Each axis (ko rule, life test, seki, long cycle,
    resumption, dame filling, komi default) can be changed with
    --rules PRESET,axis=value.
    """
    if json_out:
        typer.echo(json.dumps(describe_presets(), indent=2))
    else:
        typer.echo(render_rulesets())


def main(argv: list[str] | None = None) -> NoReturn:
    """Entry point of the ``adjudicator`` script: run :data:`app` and exit.

    Guarantees the exit codes of the module docstring and never shows a
    traceback: an :class:`AdjudicatorError` that escapes a command still
    becomes ``error: ...`` and exit 1, anything else ``error: internal
    error: ...`` and exit 3.
    """
    try:
        app(args=argv, prog_name="adjudicator")
    except SystemExit:
        raise
    except AdjudicatorError as e:
        try:
            _fail(e)
        except typer.Exit as done:
            raise SystemExit(done.exit_code) from None
    except UnicodeEncodeError as e:  # the terminal's encoding, not a bug (e.g. PYTHONIOENCODING=ascii)
        typer.echo(f"error: the output encoding ({e.encoding}) cannot show this text; set "
                   f"PYTHONIOENCODING=utf-8 (or use a UTF-8 locale) and run again", err=True)
        raise SystemExit(1) from None
    except Exception as e:  # last resort: a bug, reported in one line
        message = _one_line(f"{type(e).__name__}: {e}")
        typer.echo(f"error: internal error: {message}", err=True)
        raise SystemExit(3) from None
    raise SystemExit(0)
