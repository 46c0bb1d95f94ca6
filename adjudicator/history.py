"""Replay of the alternation: a game record played through our own engine.

Implements, per rule set (``rules.py``):

- the alternation (AJR "The Alternation"; J1989 Art. 9-1): moves in record
  order, captures added to the prisoners, two successive passes *stop* it;
- illegal moves (occupied, suicide, basic ko, off the board): reported as a
  finding with the move number and skipped; ``strict=True`` raises instead;
- **long cycles** (axis ``cycle_test``): AJR, a play recreates a position
  created by an earlier play with equally many stones removed by each side in
  between; J1989 Art. 12 and Korean, a play recreates an earlier whole-board
  position.  The outcome (axis ``long_cycle``: tie, no result if the players
  agree, draw) is recorded on the first such play; the record is replayed to its
  end all the same, so the final position is the record's;
- **resumption**: plays after a stop.  AJR restores the state from before the
  two stopping passes ("as if its last two passes had not occurred", so a ko ban
  standing then stands again); J1989 Art. 9-3 lets the opponent of the player
  who asked move first, which we read off the record: whoever plays first after
  the stop is that opponent;
- setup properties inside the game (AB/AW/AE in later nodes), which lift a ko
  ban and may set the player to move (PL).

The record itself comes from ``sgfio.py`` (the only module that reads SGF) as a
:class:`GameRecord` of plain values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from .board import Color, Position, geometry
from .coords import Move, Point, format_move
from .errors import IllegalMove, InvalidPosition
from .rules import CycleTest, LongCycle, Resumption, RuleSet

__all__ = [
    "Resumed",
    "resumption_state",
    "Setup",
    "Play",
    "GameRecord",
    "Phase",
    "Finding",
    "Replay",
    "replay",
]


@dataclass(frozen=True)
class Setup:
    """Setup properties of one node: stones added (AB/AW), points cleared (AE), PL."""

    node: int  # index of the node on the main line, root = 0
    black: tuple[Point, ...] = ()
    white: tuple[Point, ...] = ()
    empty: tuple[Point, ...] = ()
    to_play: Color | None = None


@dataclass(frozen=True)
class Play:
    """A move property (B or W) of one node; ``move`` is None for a pass."""

    node: int
    color: Color
    move: Move


@dataclass(frozen=True)
class GameRecord:
    """A game as read from a record, before any rules are applied.

    ``komi`` is None when the record gives none (the rule set's default is used)
    or one that cannot be read as points; ``komi_note`` says how a komi written
    in a server's own encoding was read, ``komi_error`` why a komi could not be
    (the commands that count raise it unless the user gives ``--komi``);
    ``events`` are the setups and plays of the main line in order.
    """

    size: int
    events: tuple[Setup | Play, ...]
    komi: float | None = None
    handicap: int | None = None
    rules_text: str | None = None
    result_text: str | None = None
    source: str = "<record>"
    komi_note: str | None = None
    komi_error: str | None = None

    @property
    def plays(self) -> list[Play]:
        return [e for e in self.events if isinstance(e, Play)]


class Phase(enum.Enum):
    """Where the game stands at the end of the record."""

    PLAY = "play"  # the alternation is still going on
    CONFIRMATION = "confirmation"  # stopped by two passes: analysis/counting comes next
    ENDED = "ended"  # ended without counting (AJR long cycle: tie)


@dataclass(frozen=True)
class Finding:
    """Something a referee should know about the record.

    ``kind`` is one of ``illegal-move``, ``stop``, ``resumption``,
    ``long-cycle``, ``same-player-twice``, ``setup``; ``move`` is the 1-based
    move number (passes count as moves), None for findings not tied to a move.
    """

    kind: str
    message: str
    move: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "move": self.move, "message": self.message, **self.data}


@dataclass
class Replay:
    """The outcome of :func:`replay`.

    ``final`` is the position after the last event; ``moves`` counts the plays
    and passes replayed (illegal ones skipped are counted in ``findings`` only);
    ``stops`` lists the move numbers of the second pass of every stop;
    ``stop_position`` is the position at the last stop (None if the record never
    stopped); ``long_cycle`` is the first long-cycle finding, if any.
    """

    record: GameRecord
    rules: RuleSet
    final: Position
    moves: int = 0
    findings: list[Finding] = field(default_factory=list)
    stops: list[int] = field(default_factory=list)
    stop_position: Position | None = None
    long_cycle: Finding | None = None
    phase: Phase = Phase.PLAY
    #: The state just before the two passes of the last stop (AJR resumption restores it).
    before_stop: Position | None = None

    @property
    def prisoners(self) -> tuple[int, int]:
        """Stones captured by (Black, White) during the alternation."""
        return self.final.prisoners

    @property
    def stopped(self) -> bool:
        """True when the record ends with the alternation stopped by two passes."""
        return self.phase is Phase.CONFIRMATION

    @property
    def komi(self) -> float:
        return self.record.komi if self.record.komi is not None else self.rules.komi

    def illegal_moves(self) -> list[Finding]:
        return [f for f in self.findings if f.kind == "illegal-move"]


def _apply_setup(pos: Position, setup: Setup, source: str) -> Position:
    size = pos.size
    geometry(size)
    black, white = pos.black, pos.white
    for r, c in setup.empty:
        b = 1 << (r * size + c)
        black &= ~b
        white &= ~b
    for r, c in setup.black:
        b = 1 << (r * size + c)
        black |= b
        white &= ~b
    for r, c in setup.white:
        b = 1 << (r * size + c)
        white |= b
        black &= ~b
    to_play = setup.to_play or pos.to_play
    out = Position(size, black, white, to_play, 0, None, pos.prisoners)
    try:
        out.check_liberties()
    except InvalidPosition as e:
        where = "root setup" if setup.node == 0 else f"setup in node {setup.node}"
        raise InvalidPosition(f"{source}: {where}: {e}") from None
    return out


def replay(record: GameRecord, rules: RuleSet, *, strict: bool = False) -> Replay:
    """Replay ``record`` under ``rules`` through our own engine.

    Parameters
    ----------
    record : GameRecord
        The main line of a game (see ``sgfio.read_sgf``).
    rules : RuleSet
        Decides long cycles and resumption; legality (suicide, basic ko) is the
        same in every preset.
    strict : bool
        Raise on the first illegal move instead of reporting and skipping it.

    Returns
    -------
    Replay

    Raises
    ------
    IllegalMove
        With ``strict=True``, for the first illegal move; the message starts with
        the source and the move number.
    InvalidPosition
        If a setup node leaves a chain without liberties.
    """
    pos = Position.empty(record.size)
    out = Replay(record=record, rules=rules, final=pos)
    # board_key -> set of (captures by Black - captures by White) at the plays
    # that created it (AJR), or just presence (J1989/Korean).
    created: dict[tuple[int, int, int], set[int]] = {}
    cycles = 0
    passes_in_row = 0
    before_passes: Position | None = None  # state before the current run of passes
    stop_restore: Position | None = None  # state before the two passes of the last stop
    stopped = False
    number = 0
    last_color: Color | None = None
    for event in record.events:
        if isinstance(event, Setup):
            pos = _apply_setup(pos, event, record.source)
            last_color = None  # a setup node may hand the move to either player
            if event.node != 0:
                out.findings.append(
                    Finding("setup", f"setup stones in node {event.node}", move=number or None, data={"node": event.node})
                )
            continue
        number += 1
        color, move = event.color, event.move
        if last_color is color and not stopped:
            out.findings.append(
                Finding(
                    "same-player-twice",
                    f"move {number}: {color.word} plays twice in a row",
                    move=number,
                )
            )
        if stopped:
            # Any move after a stop, a pass included, resumes the alternation; its
            # player is the one who moves first.
            first_passer = stop_restore.to_play if stop_restore is not None else None
            if rules.resumption is Resumption.AS_IF_NO_PASSES and stop_restore is not None:
                pos = Position(
                    pos.size, pos.black, pos.white, stop_restore.to_play,
                    stop_restore.ko_bit, stop_restore.ko_color, pos.prisoners,
                )
                who = f"{first_passer.word} moves first (as if the two passes had not occurred)"
                if first_passer is not color:
                    who += f"; the record has {color.word} move instead"
            else:
                if stop_restore is not None:
                    # J1989 Art. 9-3: the requester's opponent moves first, and a basic-ko
                    # ban standing at the stop still binds it (rules-sources.md 1.3.11, S31:
                    # after resumption the opponent "still cannot retake the ko").
                    pos = Position(pos.size, pos.black, pos.white, color, stop_restore.ko_bit,
                                   stop_restore.ko_color, pos.prisoners)
                who = f"{color.word} moves first, so {color.opponent.word} asked to resume (J1989 Art. 9-3)"
            out.findings.append(
                Finding(
                    "resumption",
                    f"move {number}: {color.word} {format_move(move) if move is not None else 'pass'} resumes the alternation after the stop"
                    f" at move {out.stops[-1]}; {who}",
                    move=number,
                    data={"stop": out.stops[-1], "first": color.value},
                )
            )
            stopped = False
            passes_in_row = 0
        if move is None:
            if passes_in_row == 0:
                before_passes = pos
            passes_in_row += 1
            pos = pos.play(None, color)
            last_color = color
            if passes_in_row == 2 and not stopped:
                stopped = True
                out.stops.append(number)
                out.stop_position = pos
                out.findings.append(
                    Finding("stop", f"move {number}: two successive passes stop the alternation", move=number)
                )
                stop_restore = before_passes
                out.before_stop = before_passes
            continue
        passes_in_row = 0
        facts, after = pos.try_play(move, color)
        if after is None:
            where = format_move(move) if facts.reason != "off-board" else str(move)
            message = f"move {number}: {color.word} {where}: {_REASON[facts.reason]}"
            if strict:
                raise IllegalMove(f"{record.source}: {message}", reason=facts.reason, point=move, color=color)
            out.findings.append(
                Finding("illegal-move", message + " (move ignored)", move=number, data={"reason": facts.reason})
            )
            last_color = color
            continue
        pos = after
        last_color = color
        key = (pos.black, pos.white)
        balance = pos.prisoners[0] - pos.prisoners[1]
        earlier = created.get(key)
        if earlier is not None and (rules.cycle_test is CycleTest.WHOLE_BOARD or balance in earlier):
            cycles += 1
            if out.long_cycle is None:
                finding = Finding(
                    "long-cycle",
                    f"move {number}: {color.word} {format_move(move)} repeats an earlier position"
                    f" ({_CYCLE_TEXT[rules.cycle_test]}): {_OUTCOME_TEXT[rules.long_cycle]}",
                    move=number,
                    data={"outcome": rules.long_cycle.value},
                )
                out.long_cycle = finding
                out.findings.append(finding)
        created.setdefault(key, set()).add(balance)
    out.final = pos
    out.moves = number
    if out.long_cycle is not None and rules.long_cycle is LongCycle.TIE:
        out.phase = Phase.ENDED
    elif stopped:
        out.phase = Phase.CONFIRMATION
    else:
        out.phase = Phase.PLAY
    if cycles > 1 and out.long_cycle is not None:
        out.long_cycle.data["repetitions"] = cycles
    return out


_REASON = {
    "occupied": "point is occupied",
    "suicide": "suicide",
    "ko": "retakes ko (basic ko)",
    "off-board": "off the board",
}

_CYCLE_TEXT = {
    CycleTest.EQUAL_REMOVALS: "AJR long cycle: equal numbers of stones removed by each side in between",
    CycleTest.WHOLE_BOARD: "whole-board repetition",
}

_OUTCOME_TEXT = {
    LongCycle.TIE: "the game ends as a tie (AJR)",
    LongCycle.NO_RESULT_IF_AGREED: "no result if the players agree (J1989 Art. 12)",
    LongCycle.DRAW: "the game is a draw (Korean rules)",
}


# -- resumption of a stopped game (``adjudicator resume``) ------------------------------------


@dataclass(frozen=True)
class Resumed:
    """The state a stopped game resumes from.

    ``first`` moves first; ``position`` is the board, prisoners and ko ban
    to resume from (``position.to_play`` is ``first``); ``article`` and
    ``why`` say which rule decided; ``stop`` is the move number of the second
    pass of the last stop.
    """

    requested_by: Color
    first: Color
    position: Position
    stop: int
    article: str
    why: str


def resumption_state(result: Replay, requested_by: Color) -> Resumed:
    """Who moves first and from what state when ``requested_by`` asks to resume ``result``.

    Axis ``resumption``:

    - ``AS_IF_NO_PASSES`` (AJR, "Resumption": "The alternation is resumed as
      if its last two passes had not occurred and the position and the
      numbers of prisoners are restored to the state of that moment"): the
      player who made the first of the two passes moves, whoever asked, and a
      ko ban standing before the passes stands again;
    - ``OPPONENT_OF_REQUESTER`` (J1989 Art. 9-3: "his opponent must oblige
      and has the right to play first"; Korean: the same is assumed
      [inferred]): the opponent of the requester moves; a basic-ko ban
      standing before the passes still binds it (rules-sources.md 1.3.11,
      S31: resuming, the opponent "still cannot retake the ko"), as
      :func:`replay` treats a resumed record.

    Raises
    ------
    AdjudicatorError
        If the record does not end with the alternation stopped by two passes.
    """
    from .errors import AdjudicatorError

    if result.phase is not Phase.CONFIRMATION or result.stop_position is None:
        raise AdjudicatorError(
            f"{result.record.source}: the record does not end with two successive passes, "
            "so there is no stopped game to resume")
    stop = result.stop_position
    if result.rules.resumption is Resumption.AS_IF_NO_PASSES:
        before = result.before_stop if result.before_stop is not None else stop
        first = before.to_play
        position = Position(stop.size, stop.black, stop.white, first, before.ko_bit, before.ko_color,
                            stop.prisoners)
        article = "AJR, Resumption"
        why = ("the alternation is resumed as if its last two passes had not occurred, so the player who made "
               "the first of them moves again, whoever asked")
    else:
        first = requested_by.opponent
        before = result.before_stop if result.before_stop is not None else stop
        # A basic-ko ban standing at the stop still binds the first mover (S31).
        position = Position(stop.size, stop.black, stop.white, first, before.ko_bit, before.ko_color,
                            stop.prisoners)
        article = "J1989 Art. 9-3"
        why = (f"the opponent of the player who asked, {requested_by.word}, has the right to play first; "
               "the korean preset assumes the same [inferred]")
    return Resumed(requested_by, first, position, result.stops[-1], article, why)
