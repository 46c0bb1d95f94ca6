"""Settling the unproven verdicts by agreement: the players' marks or a referee's decisions.

The analysis proves what it can (``static``, ``search``) and guesses the rest
(``assumed``, the heuristic).  AJR 2008 leaves that rest to the players: "The
players may abbreviate the analysis wherever they agree" (AJR, Independent
Life; ../shared/design.md section 2, layer 3).  A server has their agreement
in the record: after the counting phase KGS (CGoban) writes the agreed count
as ``TB``/``TW`` marks on the last node, the points under dead stones
included (benchmarks.md 2.4), and ``adjudicator score --sgf-out`` writes the
same marks.  A referee gives it as decisions on the command line.

An :class:`Agreement` replaces only ``assumed`` verdicts; a proof is never
overruled by it.  Where the agreement contradicts a proof, :func:`settle`
says so: the marks are not followed there (a referee's explicit decision that
contradicts a proof is an error, :class:`AgreementError`).  The settled
verdicts keep the provenance ``assumed`` (they are still not proven) and
name their source in ``method``: ``agreed`` (the marks) or ``referee``.

What the marks say about a string: a string with a stone on the opponent's
territory marks is agreed *dead*; every other string was left on the board,
alive or in seki (KGS detects seki itself and marks no territory next to it):
it is *alive* if a liberty of it carries its owner's territory mark (the
players counted territory next to it), else its status is kept as the
analysis guessed it unless the count would then remove it as a prisoner,
which the players did not do: then it is *alive* too.
That last step is repeated until no string changes (each step only turns a
``not_alive`` guess into ``alive``, so it ends).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from .analysis.life import Verdict
from .board import Color, Position
from .coords import Point, point_from_vertex, vertex_from_point
from .errors import AdjudicatorError, InvalidVertex
from .rules import RuleSet
from .scoring import Fate, territory_score

__all__ = ["Agreement", "AgreementError", "agreement_from_marks", "referee_decisions", "settle", "settled_by_agreement"]

_AJR_ABBREVIATE = "AJR, Independent Life: the players may abbreviate the analysis wherever they agree"


class AgreementError(AdjudicatorError):
    """A decision that cannot be applied: no stone at the vertex, a string named twice, a proven string."""


@dataclass(frozen=True)
class Agreement:
    """Statuses agreed for strings, as bitboards of stones of a position.

    Fields
    ------
    source : str
        ``"marks"`` (the record's ``TB``/``TW``) or ``"referee"`` (decisions
        given by the user).
    dead : int
        Stones of strings agreed dead (not alive; removed when they stand in
        the opponent's territory).
    alive : int
        Stones of strings agreed alive (a referee's decision).
    kept : int
        Stones the players left on the board (alive or in seki; the marks).
    marks : tuple of two int
        The ``TB`` and ``TW`` points themselves (the marks), else ``(0, 0)``.
    """

    source: str
    dead: int = 0
    alive: int = 0
    kept: int = 0
    named: tuple[tuple[str, Point], ...] = ()
    marks: tuple[int, int] = (0, 0)

    def resolve(self, final: Position, filled: Callable[[], Position]) -> "Agreement":
        """The agreement with its ``named`` vertices turned into the stones of their strings in ``final``.

        A vertex names the string of ``final`` it holds a stone of; an empty
        point of ``final`` that holds a stone in ``filled()`` (the position
        after the fill proposed without the agreement: the board ``score``
        shows) names the strings of ``final`` that this stone's string joins.
        Raises AgreementError for a vertex that names no string, and for a
        string named both dead and alive.
        """
        if not self.named:
            return self
        found = {"dead": 0, "alive": 0}
        after: Position | None = None
        for key, point in self.named:
            where = vertex_from_point(point)
            if final.color_at(point) is not None:
                found[key] |= final.chain(point)
                continue
            after = after if after is not None else filled()
            color = after.color_at(point)
            joined = after.chain(point) & final.stones(color) if color is not None else 0
            if not joined:
                raise AgreementError(f"--{key} {where}: there is no stone at {where} in the final position")
            found[key] |= joined
        both = found["dead"] & found["alive"]
        if both:
            where = vertex_from_point(final.point_of(both))
            raise AgreementError(f"the string at {where} is given both --dead and --alive")
        return dataclasses.replace(self, dead=self.dead | found["dead"], alive=self.alive | found["alive"], named=())

    @property
    def method(self) -> str:
        """The ``method`` of the verdicts it settles."""
        return "agreed" if self.source == "marks" else "referee"

    @property
    def words(self) -> str:
        return ("the players' marks in the record (TB/TW)" if self.source == "marks"
                else "the referee's decision")


def agreement_from_marks(position: Position, black_territory: Iterable[Point],
                         white_territory: Iterable[Point]) -> Agreement:
    """The agreement written as territory marks: stones on the opponent's marks are dead, the others kept.

    ``black_territory`` / ``white_territory`` are the ``TB`` / ``TW`` points
    (``sgfio.read_territory_marks``).  Raises AgreementError if there are none.
    """
    tb = tw = 0
    for p in black_territory:
        tb |= position.bit(p)
    for p in white_territory:
        tw |= position.bit(p)
    if not tb and not tw:
        raise AgreementError("the record has no territory marks (TB/TW) to take the players' agreement from")
    stones = position.black | position.white
    dead = (tb & position.white) | (tw & position.black)
    return Agreement("marks", dead=dead, kept=stones & ~dead, marks=(tb, tw))


def referee_decisions(size: int, dead: str | None = None, alive: str | None = None) -> Agreement:
    """A referee's decisions, ``dead="D4,Q16"`` and ``alive="C3"``: one vertex per string.

    The vertices are checked against the board size here and resolved to
    strings by :meth:`Agreement.resolve` (any stone of the string in the final
    position, or a stone the proposed fill added to it, as ``score`` prints
    it).  Raises AgreementError for a vertex that is no point of the board.
    """
    named: list[tuple[str, Point]] = []
    for key, text in (("dead", dead), ("alive", alive)):
        if text is None:
            continue
        entries = [e.strip() for e in str(text).split(",") if e.strip()]
        if not entries:
            raise AgreementError(f"--{key}: expected one or more vertices, e.g. D4,Q16")
        for entry in entries:
            try:
                named.append((key, point_from_vertex(entry, size)))
            except InvalidVertex as e:
                raise AgreementError(f"--{key} {entry!r}: {e}") from None
    return Agreement("referee", named=tuple(named))


def settle(position: Position, verdicts: Sequence[Verdict], agreement: Agreement, rules: RuleSet,
           komi: float) -> tuple[list[Verdict], list[tuple[str, str]]]:
    """The verdicts with the agreed statuses for the ``assumed`` ones, and notes on agreement against proofs.

    Each note is ``(text, vertex)``: the vertex of a proven string the agreement contradicts.

    ``verdicts`` holds one verdict per string of ``position``.  Proven
    verdicts are returned unchanged; where the agreement contradicts one, a
    note says that the proof is followed (for marks), or AgreementError is
    raised (for a referee's decision, which should name unproven strings only).
    """
    out = list(verdicts)
    notes: list[tuple[str, str]] = []
    for k, v in enumerate(out):
        named_dead = bool(v.stones & agreement.dead)
        named_alive = bool(v.stones & agreement.alive)
        if v.provenance != "assumed":
            wrong = (named_dead and v.status == "alive") or (named_alive and v.status == "not_alive")
            if wrong and agreement.source == "referee":
                raise AgreementError(
                    f"the {v.color.word} string at {v.vertex} is proven {_words(v.status)} ({v.provenance}, "
                    f"{v.method}); only unproven (assumed) verdicts can be decided")
            if wrong:
                notes.append((f"The players' marks give the {v.color.word} string at {v.vertex} as dead, but it is "
                              f"proven alive ({v.provenance}, {v.method}): the proof is followed, not the marks.",
                              v.vertex))
            continue
        if named_dead:
            out[k] = _agreed(v, "not_alive", agreement, "agreed dead")
        elif named_alive:
            out[k] = _agreed(v, "alive", agreement, "agreed alive")
        elif v.stones & agreement.kept:
            # Territory marked next to it: the players counted it alive (a seki has none, KGS marks none).
            own = agreement.marks[0 if v.color is Color.BLACK else 1]
            status = "alive" if position.liberties(v.stones) & own else v.status
            out[k] = _agreed(v, status, agreement, "left on the board"
                             + (" with its territory marked" if status != v.status else ""))
    if agreement.kept:
        # Kept strings that the count would remove as prisoners were not removed by the players: alive.
        for _ in range(len(out)):
            score = territory_score(position, out, rules, komi=komi)
            changed = False
            for k, v in enumerate(out):
                if (v.provenance == "assumed" and v.stones & agreement.kept and v.status == "not_alive"
                        and score.fate_of(v.stones) is Fate.DEAD):
                    out[k] = _agreed(verdicts[k], "alive", agreement, "left on the board")
                    changed = True
            if not changed:
                break
        score = territory_score(position, out, rules, komi=komi)
        for v in out:
            if v.provenance != "assumed" and v.stones & agreement.kept and score.fate_of(v.stones) is Fate.DEAD:
                notes.append((f"The players left the {v.color.word} string at {v.vertex} on the board, but it is "
                              f"proven {_words(v.status)} ({v.provenance}, {v.method}) and stands in the "
                              f"{v.color.opponent.word} territory: the proof is followed, it is removed.", v.vertex))
    return out, notes


def _words(status: str) -> str:
    return status.replace("_", " ")


def _agreed(v: Verdict, status: str, agreement: Agreement, how: str) -> Verdict:
    """``v`` settled by the agreement with ``status``; the analysis' own words are kept after it."""
    guess = "" if status == v.status else f" (the analysis alone guessed {_words(v.status)})"
    reason = (f"Settled by agreement, not proven: {how} by {agreement.words}, so {_words(status)}{guess}. "
              f"{_AJR_ABBREVIATE}. The analysis: {v.reason}")
    return dataclasses.replace(v, status=status, method=agreement.method, reason=reason, sequence=(),
                               alternatives=(), share=None)


def settled_by_agreement(v: Verdict) -> bool:
    """True for a verdict whose status an :class:`Agreement` set."""
    return v.provenance == "assumed" and v.method in ("agreed", "referee")

