"""The ``adjudicator`` command line: thin typer commands over ``report.py``.

The only module that imports typer.  Exit codes, whatever the command:

- 0: success (whatever the record holds: illegal moves, a long cycle and an
  unfinished game are findings, not failures);
- 1: bad input, i.e. an :class:`~adjudicator.errors.AdjudicatorError` (a
  missing or malformed file, an unknown rule set, an illegal move with
  ``--strict``): one line ``error: <message>`` on stderr;
- 2: a usage error (unknown option, missing argument), reported by typer;
- 3: a bug in adjudicator (``error: internal error: ...``, one line), only
  from :func:`main`, the installed entry point.
"""

from __future__ import annotations

import json
from typing import Annotated, NoReturn

import typer

from . import __version__
from .errors import AdjudicatorError
from .report import describe_presets, render_replay, render_rulesets, replay_file, replay_to_dict

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


def _fail(error: BaseException) -> NoReturn:
    """Report ``error`` as one line on stderr and exit 1."""
    message = " ".join(str(error).split()) or type(error).__name__
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
    except Exception as e:  # last resort: a bug, reported in one line
        message = " ".join(f"{type(e).__name__}: {e}".split())
        typer.echo(f"error: internal error: {message}", err=True)
        raise SystemExit(3) from None
    raise SystemExit(0)
