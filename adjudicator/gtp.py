"""A Go Text Protocol (GTP version 2) engine that scores games: ``adjudicator gtp``.

GoGui, Sabaki and Go servers ask an engine to judge the end of a game with
``final_score`` and ``final_status_list``; this module answers them with the
same ruling as ``adjudicator score`` (:func:`adjudicator.ruling.adjudicate`)
on the game the controller has set up with ``boardsize``, ``komi``, ``play``
and ``loadsgf``.  It never generates moves.

The protocol, as in the GTP 2 specification (draft 2, G. Farnebäck,
https://www.lysator.liu.se/~gunnar/gtp/gtp2-spec-draft2/gtp2-spec.html) and
as GNU Go 3.8 speaks it:

- every input line is preprocessed (spec 3.1): control characters other than
  HT and LF are removed, everything from ``#`` on is a comment, HT becomes a
  space, and empty lines are ignored;
- a command is ``[id] command_name [arguments]``; ``id`` is an
  unsigned integer, echoed in the reply; command names are case-sensitive,
  colours (``b``, ``black``, ``w``, ``white``) and vertices (``D4``, ``d4``,
  ``pass``) are not;
- a reply is ``=[id] result`` or ``?[id] message`` followed by an empty line
  (spec section 2); GNU Go writes a space after ``=`` and the id even when the
  result is empty, and so do we;
- the standard error messages of spec 6.3 are used where the spec gives them
  (``unknown command``, ``unacceptable size``, ``illegal move``, ``cannot
  undo``, ``cannot score``, ``cannot load file``); the details go to the
  diagnostic stream (stderr) as one line ``adjudicator: ...``.

The engine never stops on a bad command: an
:class:`~adjudicator.errors.AdjudicatorError`, a parse error, or even a bug in
adjudicator becomes a ``?`` reply and the next command is read.

The game is kept as a record (setup and moves, as :func:`~adjudicator.sgfio.read_sgf`
gives it) and replayed under the rule set (:func:`adjudicator.history.replay`)
after every change, so legality (suicide, basic ko, resumption after two
passes) is exactly that of ``adjudicator replay``.  The ruling is computed on
the first ``final_score``, ``final_status_list`` or ``adjudicator-ruling`` and
kept until the game changes.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from typing import Callable, Iterable, TextIO

from . import __version__
from .analysis.life import Budget
from .board import Color, Position
from .coords import MAX_SIZE, MIN_SIZE, Move, Point, parse_move, vertex_from_point
from .errors import AdjudicatorError
from .history import GameRecord, Play, Replay, Setup, replay
from .report import ruling_to_dict
from .rules import RuleSet, is_decimal, parse_ruleset
from .ruling import Outcome, Ruling, adjudicate
from .sgfio import read_sgf

__all__ = [
    "PROTOCOL_VERSION",
    "ENGINE_NAME",
    "MAX_LINE",
    "Command",
    "GtpError",
    "preprocess",
    "parse_command",
    "format_reply",
    "GtpEngine",
    "serve",
    "serve_stdio",
]

PROTOCOL_VERSION = 2
ENGINE_NAME = "adjudicator"
#: Longest command line read, in characters; a longer line gets ``? line too long``.
MAX_LINE = 65536

# Control characters: dec 0-31 and 127 (spec 2.2); HT and LF are kept (spec 3.1).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
_ID = re.compile("[0-9]+")
_KOMI_LIMIT = 1000.0  # as score_file and the SGF reader


@dataclass(frozen=True)
class Command:
    """One parsed command line: ``id`` (None if absent, else the digits without leading zeros), name, arguments."""

    id: str | None
    name: str
    args: tuple[str, ...]


class GtpError(AdjudicatorError):
    """A failed command: ``message`` is the ``?`` reply, ``detail`` (optional) goes to stderr."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


def preprocess(line: str) -> str:
    """Apply the preprocessing of GTP 2 section 3.1 to one line; ``""`` means "ignore it".

    >>> preprocess("\\t1 play\\x00 b D4  # a comment\\r\\n")
    '1 play b D4'
    >>> preprocess("   # only a comment")
    ''
    """
    text = _CONTROL.sub("", line)
    text = text.split("#", 1)[0]
    text = text.replace("\t", " ")
    return text.strip(" \n")


def parse_command(line: str) -> Command | None:
    """Parse one input line into a :class:`Command`; None for a line to ignore (empty or comment).

    A first word made only of the digits 0-9 is the id.  A line that holds
    nothing but an id gives a command with an empty name.

    >>> parse_command("007 known_command  play")
    Command(id='7', name='known_command', args=('play',))
    >>> parse_command("list_commands") == Command(None, "list_commands", ())
    True
    >>> parse_command("# nothing") is None
    True
    """
    words = preprocess(line).split()
    if not words:
        return None
    ident = None
    if _ID.fullmatch(words[0]):
        ident = words[0].lstrip("0") or "0"  # not int(): Python refuses ints of over 4300 digits
        words = words[1:]
    if not words:
        return Command(ident, "", ())
    return Command(ident, words[0], tuple(words[1:]))


def format_reply(ok: bool, ident: str | None, text: str = "") -> str:
    """A complete reply: ``=`` or ``?``, the id, a space, the text and the closing empty line.

    Empty lines inside ``text`` would end the reply early, so they are dropped.

    >>> format_reply(True, "5", "2")
    '=5 2\\n\\n'
    >>> format_reply(False, None, "unknown command")
    '? unknown command\\n\\n'
    """
    first, *rest = text.split("\n")  # first is "" when the result starts on the next line (showboard)
    body = "\n".join([first, *(line for line in rest if line.strip())])
    return f"{'=' if ok else '?'}{ident or ''} {body}\n\n"


def _parse_color(word: str) -> Color:
    lower = word.lower()
    if lower in ("b", "black"):
        return Color.BLACK
    if lower in ("w", "white"):
        return Color.WHITE
    raise GtpError(f"invalid color '{word}'")


def _arity(cmd: Command, low: int, high: int | None = None, usage: str = "") -> None:
    high = low if high is None else high
    if not low <= len(cmd.args) <= high:
        raise GtpError(f"syntax error (usage: {cmd.name}{' ' + usage if usage else ''})")


class GtpEngine:
    """The state of one GTP session and its command handlers.

    Parameters
    ----------
    rules : RuleSet or str
        Rule set of the ruling (see :func:`adjudicator.rules.parse_ruleset`).
    budget : Budget
        Search limits of the life analysis, per string.
    log : callable, optional
        Receives one line per diagnostic (failed commands' details); by
        default they are dropped.

    Raises
    ------
    UnknownRuleSet
        If ``rules`` names no preset or axis.

    Examples
    --------
    >>> engine = GtpEngine()
    >>> engine.handle("1 boardsize 5") + engine.handle("play b C3") + engine.handle("play w c3")
    '=1 \\n\\n= \\n\\n? illegal move\\n\\n'
    >>> engine.handle("final_status_list alive")
    '= C3\\n\\n'
    """

    def __init__(
        self,
        rules: RuleSet | str = "japanese",
        *,
        budget: Budget = Budget(),
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.rules = rules if isinstance(rules, RuleSet) else parse_ruleset(rules)
        self.budget = budget
        self.log = log  #: where diagnostics go (None: nowhere)
        self.finished = False  #: set by ``quit``: the session is over
        self.size = 19
        self.komi: float | None = None  # None: the rule set's default (as a record without KM)
        self._events: list[Setup | Play] = []
        self._source = "<gtp>"
        self._loaded: GameRecord | None = None  # the record of the last loadsgf (handicap, RU, RE)
        self._replay: Replay | None = None
        self._ruling: Ruling | None = None
        self._handlers: dict[str, Callable[[Command], str]] = {
            "protocol_version": lambda c: self._no_args(c, str(PROTOCOL_VERSION)),
            "name": lambda c: self._no_args(c, ENGINE_NAME),
            "version": lambda c: self._no_args(c, __version__),
            "known_command": self._known_command,
            "list_commands": lambda c: self._no_args(c, "\n".join(self._handlers)),
            "quit": self._quit,
            "boardsize": self._boardsize,
            "clear_board": self._clear_board,
            "komi": self._komi,
            "play": self._play,
            "undo": self._undo,
            "showboard": self._showboard,
            "loadsgf": self._loadsgf,
            "final_score": self._final_score,
            "final_status_list": self._final_status_list,
            "adjudicator-ruling": self._ruling_json,
        }

    # -- the session ---------------------------------------------------------------

    @property
    def commands(self) -> list[str]:
        """The command names, in the order of ``list_commands``."""
        return list(self._handlers)

    def handle(self, line: str) -> str:
        """The reply to one input line: ``""`` for a line to ignore, else a complete reply."""
        cmd = parse_command(line)
        if cmd is None:
            return ""
        return self.execute(cmd)

    def execute(self, cmd: Command) -> str:
        """Run one command and return its complete reply; never raises (except KeyboardInterrupt)."""
        handler = self._handlers.get(cmd.name)
        if handler is None:
            if not cmd.name:
                return format_reply(False, cmd.id, "missing command")
            return format_reply(False, cmd.id, "unknown command")
        try:
            return format_reply(True, cmd.id, handler(cmd))
        except GtpError as e:
            if e.detail:
                self._log(f"{cmd.name}: {e.detail}")
            return format_reply(False, cmd.id, e.message)
        except AdjudicatorError as e:
            message = " ".join(str(e).split()) or type(e).__name__
            return format_reply(False, cmd.id, message)
        except Exception as e:  # a bug in adjudicator: report it, keep the session alive
            message = " ".join(f"{type(e).__name__}: {e}".split())
            self._log(f"{cmd.name}: internal error: {message}")
            return format_reply(False, cmd.id, f"internal error: {message}")

    # -- the game ------------------------------------------------------------------

    def record(self) -> GameRecord:
        """The current game as a record (what ``final_score`` replays and rules on)."""
        loaded = self._loaded
        return GameRecord(
            size=self.size,
            events=tuple(self._events),
            komi=self.komi,
            handicap=loaded.handicap if loaded is not None else None,
            rules_text=loaded.rules_text if loaded is not None else None,
            result_text=loaded.result_text if loaded is not None else None,
            source=self._source,
        )

    def replay(self) -> Replay:
        """The current game replayed under the rule set (cached until the game changes)."""
        if self._replay is None:
            self._replay = replay(self.record(), self.rules)
        return self._replay

    @property
    def position(self) -> Position:
        """The current board."""
        return self.replay().final

    def ruling(self) -> Ruling:
        """The ruling on the current game, as ``adjudicator score`` gives it (cached until the game changes)."""
        if self._ruling is None:
            self._ruling = adjudicate(self.replay(), budget=self.budget)
        return self._ruling

    def _log(self, line: str) -> None:
        if self.log is not None:
            self.log(line)

    def _changed(self) -> None:
        self._replay = None
        self._ruling = None

    def _reset(self, size: int) -> None:
        self.size = size
        self._events = []
        self._source = "<gtp>"
        self._loaded = None
        self._changed()

    # -- administrative commands -----------------------------------------------------

    @staticmethod
    def _no_args(cmd: Command, result: str) -> str:
        _arity(cmd, 0)
        return result

    def _known_command(self, cmd: Command) -> str:
        _arity(cmd, 1, usage="COMMAND")
        return "true" if cmd.args[0] in self._handlers else "false"

    def _quit(self, cmd: Command) -> str:
        self.finished = True  # quit always succeeds, whatever follows it (spec 6.3.1)
        return ""

    # -- setup commands --------------------------------------------------------------

    def _boardsize(self, cmd: Command) -> str:
        _arity(cmd, 1, usage="SIZE")
        text = cmd.args[0]
        if not _ID.fullmatch(text):
            raise GtpError("syntax error (boardsize takes a whole number)")
        if len(text) > 3 or not MIN_SIZE <= int(text) <= MAX_SIZE:
            raise GtpError("unacceptable size", f"size {text[:12]}: use {MIN_SIZE} to {MAX_SIZE}")
        self._reset(int(text))
        return ""

    def _clear_board(self, cmd: Command) -> str:
        _arity(cmd, 0)
        self._reset(self.size)  # komi stays (spec 6.3.2)
        return ""

    def _komi(self, cmd: Command) -> str:
        _arity(cmd, 1, usage="KOMI")
        try:
            if not is_decimal(cmd.args[0]):  # float() reads '6_5' as 65
                raise ValueError(cmd.args[0])
            value = float(cmd.args[0])
        except ValueError:
            raise GtpError("syntax error (komi is a number, e.g. 6.5)") from None
        if not abs(value) <= _KOMI_LIMIT:  # also refuses nan and inf
            raise GtpError(f"syntax error (komi must be between -{_KOMI_LIMIT:g} and {_KOMI_LIMIT:g})")
        self.komi = value
        self._changed()
        return ""

    def _loadsgf(self, cmd: Command) -> str:
        _arity(cmd, 1, 2, usage="FILE [MOVENUMBER]")
        until = None
        if len(cmd.args) == 2:
            text = cmd.args[1]
            if not _ID.fullmatch(text) or int(text[:12]) < 1:
                raise GtpError("syntax error (the move number is a whole number from 1)")
            until = int(text[:12])
        try:
            record = read_sgf(cmd.args[0])
            events = _events_before(record, until)
            kept = GameRecord(record.size, events, record.komi, record.handicap, record.rules_text,
                              record.result_text, record.source, record.komi_note, record.komi_error)
            # a setup without liberties or an illegal move fails here, before the game changes
            replay(kept, self.rules, strict=True)
        except AdjudicatorError as e:
            raise GtpError("cannot load file", " ".join(str(e).split())) from None
        self.size = record.size
        if record.komi is not None:
            self.komi = record.komi  # as GNU Go: KM sets komi; a record without KM keeps it
        self._events = list(events)
        self._source = record.source
        self._loaded = record
        self._changed()
        # As GNU Go, the colour to play (the spec gives no output): the colour of move
        # MOVENUMBER if the record has it (White after handicap stones), else whoever did not move last.
        played = sum(isinstance(e, Play) for e in events)
        following = record.plays[played] if played < len(record.plays) else None
        return (following.color if following is not None else self.position.to_play).word

    # -- core play commands ---------------------------------------------------------

    def _play(self, cmd: Command) -> str:
        _arity(cmd, 2, usage="COLOR VERTEX")
        color = _parse_color(cmd.args[0])
        move = _parse_vertex(cmd.args[1], self.size)
        last = max((e.node for e in self._events), default=0)
        events = self._events + [Play(last + 1, color, move)]
        record = GameRecord(self.size, tuple(events), self.komi, source=self._source)
        after = replay(record, self.rules)
        bad = after.findings[-1] if after.findings else None
        if bad is not None and bad.kind == "illegal-move" and bad.move == after.moves:
            raise GtpError("illegal move", bad.message.removesuffix(" (move ignored)"))
        self._events = events
        self._changed()
        return ""

    def _undo(self, cmd: Command) -> str:
        _arity(cmd, 0)
        if not self._events or not isinstance(self._events[-1], Play):
            raise GtpError("cannot undo", "no move to take back" if not self._events else "the last change is a setup")
        self._events.pop()
        self._changed()
        return ""

    def _showboard(self, cmd: Command) -> str:
        _arity(cmd, 0)
        result = self.replay()
        pos = result.final
        black, white = pos.prisoners
        komi = result.komi
        lines = [
            "",
            str(pos),
            f"Black (X) has captured {black} stone{'s' if black != 1 else ''}, "
            f"White (O) has captured {white} stone{'s' if white != 1 else ''}",
            f"moves {result.moves}, {pos.to_play.word} to play, komi {komi:g}, rules {self.rules.name}",
        ]
        return "\n".join(lines)

    # -- scoring -----------------------------------------------------------------------

    def _final_score(self, cmd: Command) -> str:
        _arity(cmd, 0)
        ruling = self.ruling()
        if ruling.outcome in (Outcome.NO_RESULT, Outcome.BOTH_LOSE, Outcome.REFEREE_DECIDES):
            # "Void" (no result, both lose) and "?" (the referee decides) are not scores (spec
            # 6.3.4: W+2.5, B+31 or 0); the summary goes to the log, adjudicator-ruling has it all.
            raise GtpError("cannot score", ruling.summary)
        return ruling.result

    def _final_status_list(self, cmd: Command) -> str:
        _arity(cmd, 1, usage="alive|dead|seki")
        wanted = cmd.args[0].lower()
        if wanted not in ("alive", "dead", "seki"):
            raise GtpError("syntax error (status is alive, dead or seki)")
        return "\n".join(" ".join(vertex_from_point(p) for p in chain) for chain in self.status_list(wanted))

    def status_list(self, status: str) -> list[list[Point]]:
        """The strings of the current board whose fate is ``status`` (``alive``, ``dead``, ``seki``).

        Strings are ordered as GNU Go lists them (by their first stone, top row
        first, then left to right) and so are the stones of each.  ``dead``
        are the stones the ruling removes as prisoners (the ``dead`` list of
        ``score --json``) and any a proposed teire fill captures; ``seki``
        stay without territory; ``alive`` are all other stones.
        """
        ruling = self.ruling()
        board = self.position
        score = ruling.score
        counted = ruling.position
        on_board = board.black | board.white
        # Stones that are not on the counted position were captured by the fill: dead as well.
        dead = on_board & ((score.removed[0] | score.removed[1]) | ~(counted.black | counted.white))
        seki = on_board & score.seki & ~dead
        bits = {"dead": dead, "seki": seki, "alive": on_board & ~dead & ~seki}[status]
        order = lambda p: (-p[0], p[1])  # noqa: E731 - top row first, as GNU Go
        out = []
        for _, chain in board.chains():
            if chain & bits:
                out.append(sorted(board.points(chain & bits), key=order))
        out.sort(key=lambda stones: order(stones[0]))
        return out

    def _ruling_json(self, cmd: Command) -> str:
        _arity(cmd, 0)
        return json.dumps(ruling_to_dict(self.ruling()), separators=(",", ":"))


def _parse_vertex(word: str, size: int) -> Move:
    try:
        return parse_move(word, size)
    except AdjudicatorError:
        raise GtpError(f"invalid vertex '{word}'" + ("" if word.lower() == "resign" else f" on the {size}x{size} board")) from None


def _events_before(record: GameRecord, until: int | None) -> tuple[Setup | Play, ...]:
    """The events of ``record`` before its move number ``until`` (1-based; passes count), or all of them."""
    if until is None:
        return record.events
    out: list[Setup | Play] = []
    number = 0
    for event in record.events:
        if isinstance(event, Play):
            number += 1
            if number >= until:
                break
        out.append(event)
    return tuple(out)


def serve(engine: GtpEngine, commands: Iterable[str] | TextIO, replies: TextIO) -> int:
    """Read command lines from ``commands`` and write the replies to ``replies`` until ``quit`` or the end.

    Each reply is flushed at once (a controller waits for it).  A line longer
    than :data:`MAX_LINE` characters gets ``? line too long``.  Returns 0.
    """
    readline = getattr(commands, "readline", None)
    lines = iter(lambda: readline(MAX_LINE + 1), "") if readline is not None else iter(commands)
    skipping = False
    for line in lines:
        if skipping:  # the rest of a line that was too long
            skipping = not line.endswith("\n")
            continue
        if len(line) > MAX_LINE and not line.endswith("\n"):
            skipping = True
            replies.write(format_reply(False, None, "line too long"))
            replies.flush()
            continue
        reply = engine.handle(line)
        if reply:
            replies.write(reply)
            replies.flush()
        if engine.finished:
            break
    return 0


def serve_stdio(engine: GtpEngine) -> int:
    """:func:`serve` on the process's stdin and stdout; diagnostics to stderr.

    Bytes are read as UTF-8 (undecodable bytes kept as surrogates, so file
    names round-trip) and only LF ends a line.
    """
    import io

    raw_in, raw_out = getattr(sys.stdin, "buffer", None), getattr(sys.stdout, "buffer", None)
    stdin = io.TextIOWrapper(raw_in, encoding="utf-8", errors="surrogateescape", newline="\n") \
        if raw_in is not None else sys.stdin
    stdout = io.TextIOWrapper(raw_out, encoding="utf-8", errors="backslashreplace", newline="\n",
                              write_through=True) if raw_out is not None else sys.stdout
    if engine.log is None:
        engine.log = lambda line: print(f"adjudicator: {line}", file=sys.stderr, flush=True)
    try:
        return serve(engine, stdin, stdout)
    finally:
        for wrapper, raw in ((stdin, raw_in), (stdout, raw_out)):
            if raw is not None:
                try:
                    wrapper.flush()
                except (OSError, ValueError):
                    pass
                wrapper.detach()
