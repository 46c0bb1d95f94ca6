"""The ruling on a finished game: fill, life verdicts, count, result and the reasons.

:func:`adjudicate` takes a replayed record (``history.replay``) and does the
whole job under the replay's rule set:

1. the life analysis of the final position (``analysis.life``), and (AJR) the
   guesses in small arenas walled in by proven life checked by a capture
   search of the arena (``analysis.life.enclosed_arenas``);
2. the dame and teire fill (``filling``): proposed, given by the user, or none;
3. the verdicts of the filled position: carried over from step 1 (the fill
   keeps every statically proven status, move by move), or with
   ``reanalyse=True`` the life analysis run again on the filled position,
   taking back fills next to strings whose verdict dropped from alive to not
   alive; then (AJR) the guesses of life in fights the fill has made local
   are checked by a search of the enclosed region
   (``analysis.life.enclosed_fights``); where it finds a wall lost, the fill
   is proposed again for the new verdicts;
4. the count (``scoring``) and the result.

The result is written in SGF ``RE`` syntax (``B+2.5``, ``W+0.5``, ``0`` for
jigo or a draw, ``Void`` for no result) and in words.  Outcomes that are not a
count are rulings, not errors:

- a long cycle during the alternation (axis ``long_cycle``): AJR, the game
  ends as a tie (``0``); J1989 Art. 12, no result if the players agree
  (``Void``); Korean, a draw (``0``).  The count is still computed and shown,
  marked as not deciding the game.
- J1989 Art. 13, **both lose** (``Void``; SGF has no code for a double loss,
  and ``Void`` is its "no result"): a first move that saves strings dead in
  confirmation (they would live if their owner moved first) is an *effective
  move*; when one exists whose count has another winner than the count of the
  stop position, the player who would gain will not resume (the opponent
  would move first, Art. 9-3) and the players cannot agree, so both lose.
  One player's move is enough: the official commentary's examples are single
  unsettled groups (S10 #2).  If the swing does not change the winner the
  stop count stands.  A bent four in the corner (reducible to the L, where the
  owner cannot usefully play inside) has no effective move: dead
  (rules-sources.md 1.3.1).  See docs/j1989.md.
- Korean, **referee decides** (``?``, SGF's "unknown result"): when a
  status depends on which side has more ko threats and the two counts
  differ, both are given (rules-sources.md 2, S44).

The counts under each condition are in :attr:`Ruling.alternatives`.

Every verdict keeps its provenance; ``assumed`` ones (heuristic guesses) are
used for the count all the same, and :attr:`Ruling.assumed` lists them so
that a referee can check them first.  For each of them the count is also
taken with the other status (:attr:`Ruling.flipped`, everything else
unchanged); an assumed verdict is *decisive* when that count alone has
another winner (or jigo), so a referee can start with the few that matter.
Single flips only: two assumed verdicts that are each not decisive may still
change the winner together, which the text says.
"""

from __future__ import annotations

import dataclasses
import enum
import time
from dataclasses import dataclass, field, replace
from typing import Literal, Sequence

from .analysis.confirm import _pass_alive, confirm_life
from .agreement import Agreement, settle, settled_by_agreement
from .analysis.life import Budget, Verdict, analyse_position, enclosed_arenas, enclosed_fights
from .board import Color, Position, dilate, flood, geometry, iter_bits
from .coords import Point, vertex_from_point
from .filling import Fill, apply_fill, no_fill, propose_fill
from .history import Phase, Replay, resumption_state
from .errors import AdjudicatorError, SgfError
from .rules import ConfirmationKo, DameFilling, LifeGoal, LongCycle, SekiRule, is_decimal
from .scoring import Fate, Score, format_margin, open_areas, territory_score

__all__ = ["compare_results", "Outcome", "Alternative", "Reason", "Ruling", "adjudicate", "carry_verdicts"]


class Outcome(enum.Enum):
    """How the game ended."""

    BLACK_WINS = "black-wins"
    WHITE_WINS = "white-wins"
    JIGO = "jigo"  #: the count is equal
    TIE = "tie"  #: AJR long cycle; Korean draw by repetition
    NO_RESULT = "no-result"  #: J1989 Art. 12 (if the players agree)
    #: J1989 Art. 13: an effective move is left at the stop; the result depends on who moves first.
    BOTH_LOSE = "both-lose"
    #: Korean rules: the result depends on which side has more ko threats; the referee decides.
    REFEREE_DECIDES = "referee-decides"


@dataclass(frozen=True)
class Alternative:
    """One possible result of a ruling that depends on a condition (both lose, referee decides)."""

    condition: str  #: in words: "Black moves first", "White has more ko threats"
    result: str  #: SGF RE syntax of the count under that condition
    score: float  #: Black minus White under that condition
    move: str | None = None  #: the effective move (both lose), as a GTP vertex

    def to_dict(self) -> dict:
        out = {"condition": self.condition, "result": self.result, "score": self.score}
        if self.move is not None:
            out["move"] = self.move
        return out


# Names of area-scoring rule sets as servers write them in RU: KGS and OGS write Chinese, AGA and
# New Zealand (OGS also Ing), Fox Chinese; Tromp-Taylor is the logical rule set of computer Go.
# Each counts stones on the board plus surrounded points (Sensei's Library, "Area scoring").
_AREA_RU = ("chinese", "aga", "new zealand", "nz", "ing", "tromp-taylor", "tromp taylor", "cn")


def _area_scoring_ru(text: str | None) -> str | None:
    """The record's RU text when it names an area-scoring rule set (None otherwise)."""
    if not text:
        return None
    words = text.strip().lower()
    return text.strip() if words in _AREA_RU or words.split(" ")[0] in ("chinese", "aga", "ing") else None


@dataclass(frozen=True)
class Reason:
    """One line of the ruling's explanation: the text, the rule it rests on, the vertices involved."""

    text: str
    article: str | None = None
    vertices: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"text": self.text, "article": self.article, "vertices": list(self.vertices)}


@dataclass
class Ruling:
    """Everything :func:`adjudicate` found.

    Fields
    ------
    replay : Replay
        The replayed record (rules, final position, findings).
    komi : float
        Komi used; ``komi_source`` says where it came from (``"record"``,
        ``"rules"`` or ``"option"``).
    fill : Fill
        The dame/teire fill applied before the count.
    verdicts : list of Verdict
        Life verdicts for the strings of the filled position (the ones counted).
    score : Score
        The count of the filled position.
    outcome : Outcome
        How the game ended.
    result : str
        SGF ``RE`` syntax: ``B+2.5``, ``W+0.5``, ``0``, ``Void``.
    summary : str
        The result in words ("White wins by 0.5 points", "Tie: ...").
    reasons : list of Reason
        Why, in order: the end of the alternation, the fill, the verdicts to
        check, seki, the count.
    status_changes : list of str
        Strings whose verdict changed between the analysis before and after
        the fill (informational).
    alternatives : list of Alternative
        The counts under the conditions the result depends on (J1989 Art.
        13 both lose: who moves first; Korean: who has more ko threats);
        empty when the count alone decides.
    flipped : dict
        For each assumed verdict (keyed by its ``stones`` bitboard): the
        count's margin (Black minus White, komi included) with that verdict's
        status reversed and every other verdict as it is.  See
        :meth:`decisive`.
    seconds : float
        Wall time of :func:`adjudicate`.
    agreement : Agreement or None
        The agreement that settled unproven verdicts (``adjudicate``'s
        ``agreement``), if any.
    conflicts : list of str
        Vertices of proven strings that the agreement contradicts (the
        proof is followed; the reasons say so).
    open_areas : list of int
        Bitboards of the open areas of the counted position
        (:func:`adjudicator.scoring.open_areas`): empty regions of at least
        five points that no one owns and that touch stones of both colours,
        the sign of a game stopped before a border was closed.
    """

    replay: Replay
    komi: float
    komi_source: str
    fill: Fill
    verdicts: list[Verdict]
    score: Score
    outcome: Outcome
    result: str
    summary: str
    reasons: list[Reason] = field(default_factory=list)
    status_changes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    alternatives: list[Alternative] = field(default_factory=list)
    flipped: dict[int, float] = field(default_factory=dict)
    agreement: Agreement | None = None
    conflicts: list[str] = field(default_factory=list)
    open_areas: list[int] = field(default_factory=list)

    @property
    def rules(self):
        return self.replay.rules

    @property
    def position(self) -> Position:
        """The position counted (the final position after the fill)."""
        return self.fill.after

    @property
    def assumed(self) -> list[Verdict]:
        """Verdicts that are heuristic guesses (provenance ``assumed``): a referee must check these."""
        return [v for v in self.verdicts if v.provenance == "assumed"]

    @property
    def agreed(self) -> list[Verdict]:
        """Assumed verdicts whose status the players' marks or a referee's decision set (not proven either)."""
        return [v for v in self.verdicts if settled_by_agreement(v)]

    @property
    def unsettled(self) -> list[Verdict]:
        """Assumed verdicts that are still the heuristic's guesses (no proof, no agreement)."""
        return [v for v in self.verdicts if v.provenance == "assumed" and not settled_by_agreement(v)]

    def decisive(self, verdict: Verdict) -> bool:
        """True if the count decides the game and reversing this assumed verdict alone changes its winner.

        "Winner" counts jigo as a third outcome.  False for proven verdicts
        and when a long cycle, both lose or a referee decided the game.
        """
        margin = self.flipped.get(verdict.stones)
        return margin is not None and self.decided_by_count and _winner(margin) != _winner(self.score.margin)

    @property
    def decisive_assumed(self) -> list[Verdict]:
        """The assumed verdicts that are :meth:`decisive`, apart from those an agreement settled."""
        return [v for v in self.verdicts if self.decisive(v) and not settled_by_agreement(v)]

    def fate(self, verdict: Verdict) -> Fate:
        fate = self.score.fate_of(verdict.stones)
        assert fate is not None
        return fate

    @property
    def decided_by_count(self) -> bool:
        """False when a long cycle, both lose or a referee decided the game (the count is then informational)."""
        return self.outcome not in (Outcome.TIE, Outcome.NO_RESULT, Outcome.BOTH_LOSE, Outcome.REFEREE_DECIDES)


FillChoice = Literal["propose", "none"] | Sequence[tuple[Color, Point]]

# Long cycle during the alternation -> (outcome, RE, words, article).
_LONG_CYCLE: dict[LongCycle, tuple[Outcome, str, str, str]] = {
    LongCycle.TIE: (Outcome.TIE, "0", "Tie: a long cycle ended the game", "AJR, Long Cycle"),
    LongCycle.NO_RESULT_IF_AGREED: (
        Outcome.NO_RESULT,
        "Void",
        "No result if the players agree: the same whole-board position was repeated",
        "J1989 Art. 12",
    ),
    LongCycle.DRAW: (Outcome.TIE, "0", "Draw: the same whole-board position was repeated", "Korean rules"),
}

_TERRITORY_TEXT: dict[SekiRule, tuple[str, str]] = {
    SekiRule.NOT_INDEPENDENTLY_ALIVE: (
        "Territory: regions adjacent only to independently alive strings of one player and holding no other "
        "living stone; opponent stones inside are removed as prisoners; not-alive strings outside every "
        "territory stay on the board and earn nothing (seki)",
        "AJR, Territory",
    ),
    SekiRule.ART8_DAME: (
        "Territory: eye points of live stones not in seki; live stones touching a dame are in seki, and so are "
        "live stones sharing an eye with stones in seki (possessing dame belongs to the group, S34), and their "
        "eye points are not territory; dead stones inside territory are removed as prisoners, dead stones "
        "anywhere else (in a seki eye, say) stay on the board and earn nothing",
        "J1989 Art. 8-10",
    ),
}


def _with_changes(before: Sequence[Verdict], changed: Sequence[Verdict], prior: Sequence[Verdict]) -> list[Verdict]:
    """``before`` (verdicts of the final position) with the verdicts that ``changed`` gives where its
    status or method differs from ``prior`` (both verdicts of the filled position, in the same order):
    each string of the final position takes the new verdict of the filled string that contains it."""
    news = [w for w, old in zip(changed, prior) if w.status != old.status or w.method != old.method]
    out = []
    for v in before:
        new = next((w for w in news if w.color is v.color and w.stones & v.stones), None)
        out.append(v if new is None else replace(
            v, status=new.status, method=new.method, share=new.share, nodes=new.nodes,
            reason=new.reason + f" (Read on the position after the fill first proposed, which made the fight local; "
                                f"the fill was then proposed again for this verdict, so the string at {new.vertex} "
                                "may look different on the board shown.)"))
    return out


def carry_verdicts(before: Sequence[Verdict], position: Position) -> list[Verdict]:
    """Verdicts for the strings of ``position`` taken from ``before`` (a position the fill started from).

    A string of ``position`` gets the status of the strings of ``before`` it
    contains (fill stones only join strings of one status); its provenance is
    the weakest of theirs.  Strings made only of fill stones are ``alive``
    (``assumed``: they touch living stones on both sides).
    """
    rank = {"static": 2, "search": 1, "assumed": 0}
    out = []
    for color, chain in position.chains():
        old = [v for v in before if v.color is color and v.stones & chain]
        if not old:
            out.append(Verdict(color, chain, position.size, "alive", "assumed", "fill",
                               "Assumed alive: a string of fill stones between living stones."))
            continue
        status = "alive" if any(v.status == "alive" for v in old) else "not_alive"
        base = min(old, key=lambda v: (rank.get(v.provenance, 0), -v.stones.bit_count()))
        extra = "" if chain == base.stones else " (Carried over from the analysis before the fill.)"
        # A proof by a miai connection holds while both points are empty or one is the owner's; the
        # fill answers a cut that matters with a teire (filling.py), but where the opponent's stone
        # on the other point would only be a self-atari it owes none, and the proof is gone.
        cut = [v for v in old if v.via and v.via & position.stones(color.opponent) and not v.via & position.stones(color)]
        if cut and base.provenance != "assumed":
            points = ", ".join(vertex_from_point(divmod(i, position.size)) for i in iter_bits(cut[0].via))
            out.append(Verdict(
                color, chain, position.size, status, "assumed", "fill",
                f"Assumed {status.replace('_', ' ')}: before the fill it was proven by a connection at one of "
                f"{points}; the fill put an opponent's stone on one of them and no stone of its owner on the other "
                f"(the proposed fill owes no teire where the opponent's stone there would be a self-atari), so "
                f"the proof no longer applies. The proof before the fill: {cut[0].reason}"))
            continue
        out.append(Verdict(color, chain, position.size, status, base.provenance, base.method, base.reason + extra,
                           base.sequence, base.nodes, base.seconds, base.alternatives,
                           share=base.share if base.status == status else None,
                           owner_first_unsettled=base.owner_first_unsettled and base.status == status))
    return out


def _status_changes(before: Sequence[Verdict], after: Sequence[Verdict], fill: Fill) -> tuple[list[str], int]:
    """Verdict changes from the analysis before the fill to the one after it.

    Returns the lines to report and the stones of strings that dropped from
    alive to not alive next to a proposed fill stone (those fills are taken back).
    """
    g = geometry(fill.after.size)
    fill_bits = fill.stones(Color.BLACK) | fill.stones(Color.WHITE)
    near_fill = dilate(fill_bits, g) if fill_bits else 0
    lines = []
    dropped = 0
    for v in after:
        # The strings of the analysis before the fill that this string contains (fill stones join strings).
        old = [w for w in before if w.color is v.color and w.stones & v.stones]
        if not old:
            continue
        old_status = {w.status for w in old}
        if old_status == {v.status}:
            continue
        words = "/".join(sorted(s.replace("_", " ") for s in old_status))
        lines.append(
            f"{v.color.word} {v.vertex}: {words} before the fill, {v.status.replace('_', ' ')} after it "
            f"[{v.provenance}]"
        )
        if v.status == "not_alive" and "alive" in old_status and v.stones & near_fill:
            dropped |= v.stones
    return lines, dropped


def adjudicate(
    replayed: Replay,
    *,
    komi: float | None = None,
    fill: FillChoice = "propose",
    budget: Budget = Budget(),
    reanalyse: bool = False,
    agreement: Agreement | None = None,
    ko_threats: Color | None = None,
) -> Ruling:
    """Rule on the end of a replayed game under its rule set.

    Parameters
    ----------
    replayed : Replay
        From :func:`adjudicator.history.replay`; its ``rules`` are used.
    komi : float, optional
        Overrides the record's ``KM`` (and the rule set's default).
    fill : "propose", "none" or a sequence of (Color, Point)
        Propose the dame/teire fill (default), fill nothing, or play the given
        moves (see :func:`adjudicator.filling.parse_fill`).
    budget : Budget
        Search limits of the life analysis, per string.
    reanalyse : bool
        Run the life analysis again on the filled position, report verdicts
        that changed and take back fills next to strings that dropped from
        alive to not alive.  By default the verdicts of the analysis before
        the fill are carried over to the strings the fill stones joined (the
        fill has already checked, move by move, that no statically proven
        status changes): in one measurement (80 marked KGS games, heuristic of
        commit f2b05d0) both gave the same 68 results and this took half the
        time (docs/scoring.md).
    agreement : Agreement, optional
        The players' or a referee's statuses for the strings the analysis
        did not prove (:mod:`adjudicator.agreement`): they replace the
        heuristic's guesses before the fill; proofs are never overruled, and
        where the agreement contradicts one the reasons say so.
    ko_threats : Color, optional
        Korean rules: the referee's finding of which player has more ko
        threats elsewhere.  Statuses that depend on ko priority then take the
        one that player's priority gives (double-ko stones excepted, as in
        the referee-decides count), and the count decides the game.

    Returns
    -------
    Ruling

    Raises
    ------
    FillError
        If a given fill move is illegal.
    AdjudicatorError
        If ``ko_threats`` is given under a rule set whose confirmation has no
        ko priority.

    Examples
    --------
    Two living walls with a column of dame between them, both players pass:

    >>> from adjudicator.diagrams import parse_diagram
    >>> from adjudicator.history import GameRecord, Play, Setup, replay
    >>> from adjudicator.rules import AJR
    >>> pos = parse_diagram('''
    ...     . x . x . o .
    ...     x x x x . o o
    ...     . x . x . o .
    ...     x x x x . o o
    ...     . x . x . o .
    ...     x x x x . o o
    ...     . x . x . o .
    ... ''')
    >>> setup = Setup(0, black=tuple(pos.points(pos.black)), white=tuple(pos.points(pos.white)))
    >>> record = GameRecord(7, (setup, Play(1, Color.BLACK, None), Play(2, Color.WHITE, None)), komi=0.5)
    >>> ruling = adjudicate(replay(record, AJR))
    >>> ruling.result, ruling.summary, len(ruling.fill.moves)
    ('B+3.5', 'Black wins by 3.5 points', 7)
    """
    start = time.perf_counter()
    rules = replayed.rules
    final = replayed.final
    if komi is not None:
        used_komi, komi_source = float(komi), "option"
    elif replayed.record.komi is not None:
        used_komi, komi_source = float(replayed.record.komi), "record"
    elif replayed.record.komi_error is not None:
        raise SgfError(replayed.record.komi_error)
    else:
        used_komi, komi_source = float(rules.komi), "rules"
    reasons: list[Reason] = []

    if ko_threats is not None and rules.confirmation_ko is not ConfirmationKo.REFEREE_KO_THREATS:
        raise AdjudicatorError(f"--ko-threats applies to rule sets where the referee decides ko-threat questions "
                               f"(korean), not to {rules.name}")
    every_dame = rules.dame_filling is DameFilling.REQUIRED
    before = analyse_position(final, rules, budget)
    # Guesses inside small arenas walled in by proven life, read before the fill is proposed for them.
    before = enclosed_arenas(final, before, rules, budget)
    ko_lines: list[Reason] = []
    if ko_threats is not None:
        before, ko_lines = _decide_ko_threats(final, before, ko_threats)
    agreed_notes: list[tuple[str, str]] = []
    if agreement is not None:
        agreement = agreement.resolve(final, lambda: propose_fill(final, before, every_dame=every_dame).after)
        before, agreed_notes = settle(final, before, agreement, rules, used_komi)
    if fill == "propose":
        chosen = propose_fill(final, before, every_dame=every_dame)
    elif fill == "none":
        chosen = no_fill(final)
    else:
        chosen = apply_fill(final, fill)
    if chosen.moves and not reanalyse:
        verdicts, changes = carry_verdicts(before, chosen.after), []
    elif chosen.moves:
        verdicts = analyse_position(chosen.after, rules, budget)
        changes, dropped = _status_changes(before, verdicts, chosen)
        if dropped and chosen.source == "proposed":
            # Take back the fills next to those strings: propose again, leaving their neighbours open.
            names = _vertices(dropped & (final.black | final.white), final.size) or _vertices(dropped, final.size)
            why = f"after filling it the analysis judged the strings at {', '.join(names[:6])} not alive"
            near = dilate(dropped, geometry(final.size)) & final.empty_bits
            avoid = {divmod(i, final.size): why for i in iter_bits(near)}
            chosen = propose_fill(final, before, avoid=avoid, every_dame=every_dame)
            verdicts = analyse_position(chosen.after, rules, budget) if chosen.moves else before
            changes, _ = _status_changes(before, verdicts, chosen)
        if agreement is not None:
            verdicts, _ = settle(chosen.after, verdicts, agreement, rules, used_komi)
    else:
        verdicts, changes = before, []
    # Fights that only the fill made local (a wall's last outside liberties were dame): read them now.
    read = enclosed_fights(chosen.after, verdicts, rules, budget)
    if fill == "propose" and any(w.status == "alive" and old.status != "alive" for w, old in zip(read, verdicts)):
        # A wall found lost (its opponent's chains inside now alive): the fill was proposed for a living
        # wall, with dame and teire next to it that a dead wall does not have.  Propose it again for the
        # new verdicts, as for a referee's --dead (KGS 2015-01-05-34: B+33.5 -> W+14.5 = RE).
        before = _with_changes(before, read, verdicts)
        chosen = propose_fill(final, before, every_dame=every_dame)
        verdicts = carry_verdicts(before, chosen.after)
    else:
        verdicts = read

    score = territory_score(chosen.after, verdicts, rules, komi=used_komi)
    margin = score.margin
    flipped = _flipped_counts(chosen.after, verdicts, rules, used_komi)

    # -- the end of the alternation ------------------------------------------------
    cycle = replayed.long_cycle
    if replayed.phase is Phase.CONFIRMATION:
        reasons.insert(0, Reason(f"The alternation stopped with two successive passes at move {replayed.stops[-1]}.",
                                 "AJR, The Alternation; J1989 Art. 9"))
    elif replayed.phase is Phase.PLAY:
        reasons.insert(0, Reason(
            "The record does not end with two successive passes: the position is counted as it stands.", None))
    area = _area_scoring_ru(replayed.record.rules_text)
    if area is not None:
        reasons.insert(1, Reason(
            f"The record names RU[{area}], rules that count area (stones on the board plus the points they "
            f"surround); this count applies {rules.name}, which counts territory and prisoners: the two counts "
            "of one position differ when the players have played different numbers of stones or there is seki, "
            "and the record's komi was chosen for area counting.", None))
    if cycle is not None:
        outcome, result, words, article = _LONG_CYCLE[rules.long_cycle]
        summary = f"{words} (move {cycle.move}); the count ({format_margin(margin)}) does not decide the game"
        reasons.append(Reason(f"{words}: {cycle.message}.", article))
    else:
        result = format_margin(margin)
        if margin > 0:
            outcome, summary = Outcome.BLACK_WINS, f"Black wins by {_points(margin)}"
        elif margin < 0:
            outcome, summary = Outcome.WHITE_WINS, f"White wins by {_points(-margin)}"
        else:
            outcome, summary = Outcome.JIGO, "Jigo: the count is equal"
    alternatives: list[Alternative] = []
    if cycle is None:
        conditional = _conditional_outcome(chosen.after, verdicts, rules, used_komi, score, replayed, budget)
        if conditional is not None and conditional[0] == "count":
            reasons.append(conditional[1])  # an effective move the player could have made by resuming
        elif conditional is not None:
            outcome, result, summary, alternatives, lines = conditional
            reasons.extend(lines)
        if outcome is not Outcome.BOTH_LOSE:
            reasons.extend(_unsettled_effective_moves(chosen.after, verdicts, rules, used_komi, margin))
    for finding in replayed.findings:
        if finding.kind in ("illegal-move", "resumption", "same-player-twice"):
            reasons.append(Reason(finding.message, None))

    reasons.extend(ko_lines)

    # -- the fill ------------------------------------------------------------------
    reasons.append(_fill_reason(chosen, rules.dame_filling))
    for r in chosen.refused:
        reasons.append(Reason(f"Dame {r.vertex} left open: {r.reason}.", None, (r.vertex,)))
    if rules.dame_filling is DameFilling.REQUIRED:
        open_dame = _open_dame(chosen.after, score)
        if open_dame:
            names = _vertices(open_dame, final.size)
            reasons.append(Reason(
                f"Dame left after the fill: {', '.join(names)}; live stones touching {'them' if len(names) > 1 else 'it'}, and the "
                f"stones sharing an eye with those, are in seki (J1989 Art. 8) unless the players fill them", "J1989 Art. 8", tuple(names)))

    areas = open_areas(chosen.after, score)
    reasons.extend(_open_area_reason(area, final.size, verdicts) for area in areas)

    # -- verdicts and count ----------------------------------------------------------
    if agreement is not None:
        n_agreed = sum(1 for v in verdicts if settled_by_agreement(v))
        reasons.append(Reason(
            f"{n_agreed} unproven string{'s' if n_agreed != 1 else ''} settled by {agreement.words}; "
            "proven verdicts are never overruled by it.", "AJR, Independent Life"))
        reasons.extend(Reason(text, None, (vertex,)) for text, vertex in agreed_notes)
    guesses = [v for v in verdicts if v.provenance == "assumed" and not settled_by_agreement(v)]
    n_assumed = len(guesses)
    if n_assumed:
        if outcome in (Outcome.BLACK_WINS, Outcome.WHITE_WINS, Outcome.JIGO):
            n_decisive = sum(1 for v in guesses if v.stones in flipped and _winner(flipped[v.stones]) != _winner(margin))
            which = (f"{n_decisive} of them would change the winner on their own if reversed" if n_decisive
                     else "none of them alone would change the winner if reversed (several together might)")
        else:
            which = "the result depends on them"
        if rules.life_goal is LifeGoal.INDEPENDENT_LIFE:
            agree, article = "AJR: the players may abbreviate the analysis where they agree", "AJR, Independent Life"
        else:  # J1989 and Korean: not an AJR citation under those rules
            agree = ("J1989 Art. 9-2: the game ends through the players' confirmation and agreement about life "
                     "and death")
            article = "J1989 Art. 9-2"
        reasons.append(Reason(
            f"{n_assumed} of {len(verdicts)} strings have assumed verdicts (heuristic guesses, not proofs): "
            f"{which}; a referee must confirm them ({agree}).", article))
    text, article = _TERRITORY_TEXT[rules.seki]
    reasons.append(Reason(text + ".", article))
    seki_vertices = tuple(
        vertex_from_point(chosen.after.point_of(stones)) for stones, _, fate in score.fates if fate is Fate.SEKI
    )
    if seki_vertices:
        reasons.append(Reason(
            f"Stones that stay on the board without territory (seki): the strings at {', '.join(seki_vertices)}.",
            article, seki_vertices))
    if rules.seki is SekiRule.ART8_DAME and score.dame:
        # Live strings in seki that touch no dame: in seki through a shared eye (Art. 8 read per group).
        g = geometry(final.size)
        near_dame = dilate(score.dame, g)
        by_group = tuple(
            vertex_from_point(chosen.after.point_of(stones)) for (stones, _, fate), v in zip(score.fates, verdicts)
            if fate is Fate.SEKI and v.status == "alive" and not stones & near_dame
        )
        if by_group:
            reasons.append(Reason(
                f"In seki without a dame of {'their' if len(by_group) > 1 else 'its'} own: "
                f"{'the strings at ' if len(by_group) > 1 else 'the string at '}{', '.join(by_group)} "
                f"{'share' if len(by_group) > 1 else 'shares'} an eye with stones that touch a dame; possessing "
                f"dame belongs to the group, so the whole group is in seki "
                f"and none of its eye points count (S34; S26: the eye points of groups in seki).",
                "J1989 Art. 8", by_group))
    reasons.append(Reason(_count_text(score), None))
    return Ruling(
        replay=replayed,
        komi=used_komi,
        komi_source=komi_source,
        fill=chosen,
        verdicts=verdicts,
        score=score,
        outcome=outcome,
        result=result,
        summary=summary,
        reasons=reasons,
        status_changes=changes,
        seconds=time.perf_counter() - start,
        alternatives=alternatives,
        flipped=flipped,
        agreement=agreement,
        conflicts=[vertex for _, vertex in agreed_notes],
        open_areas=areas,
    )


def _count_saved(position: Position, vs: Sequence[Verdict], saved: int, rules, komi: float) -> float:
    """The margin of ``position`` counted with ``vs``, where the strings ``saved`` live although the
    stop's analysis found them not alive: their dead neighbours are taken off as prisoners and the
    dame are filled for these statuses first, as Art. 8 counts a filled position.

    The stop's fill left the points next to the saved strings open because those strings were dead
    there; once they live those points are ordinary dame (cases/semeai-first-mover: E9 and E8 after
    Black's B8 and the capture of C9-C8), and left open they would put the saved strings, and under
    the group reading of Art. 8 everything sharing an eye with them, in seki.
    """
    g = geometry(position.size)
    near = dilate(saved, g)
    gone = [v for v in vs if v.status != "alive" and v.stones & near and not v.stones & saved]
    taken = {c: sum(v.stones.bit_count() for v in gone if v.color is c) for c in (Color.BLACK, Color.WHITE)}
    off = sum(v.stones for v in gone)
    pos = replace(position, black=position.black & ~off, white=position.white & ~off, ko_bit=0, ko_color=None,
                  prisoners=(position.prisoners[0] + taken[Color.WHITE], position.prisoners[1] + taken[Color.BLACK]))
    rest = [v for v in vs if not v.stones & off]
    fill = propose_fill(pos, rest, every_dame=rules.dame_filling is DameFilling.REQUIRED)
    after = fill.after if fill.moves else pos
    return territory_score(after, carry_verdicts(rest, after), rules, komi=komi).margin

def _flipped_counts(position: Position, verdicts: Sequence[Verdict], rules, komi: float) -> dict[int, float]:
    """For each assumed verdict: the margin of the count with its status reversed (see :attr:`Ruling.flipped`).

    One count per assumed string (about 0.6 ms on 19x19), so a few tens of
    milliseconds per game.
    """
    out: dict[int, float] = {}
    for v in verdicts:
        if v.provenance != "assumed":
            continue
        other = "not_alive" if v.status == "alive" else "alive"
        changed = _with_status(verdicts, lambda w, v=v, other=other: other if w is v else None)
        out[v.stones] = territory_score(position, changed, rules, komi=komi).margin
    return out


def _points(x: float) -> str:
    return f"{x:g} point{'s' if x != 1 else ''}"


def _vertices(bits: int, size: int) -> list[str]:
    return [vertex_from_point(divmod(i, size)) for i in iter_bits(bits)]


def _open_dame(position: Position, score: Score) -> int:
    """The dame of the count (Art. 8: empty points that are no eye point; ``Score.dame``) that touch
    a live string in seki, or, without them, the empty points of no territory next to both colours."""
    g = geometry(position.size)
    if score.dame:
        return score.dame & dilate(score.seki, g)
    empty = position.empty_bits & ~score.territory[0] & ~score.territory[1]
    return empty & dilate(position.black, g) & dilate(position.white, g)


def open_area_centre(area: int, size: int) -> str:
    """The vertex of the area's point nearest to its centre of mass (the point that names it)."""
    points = [divmod(i, size) for i in iter_bits(area)]
    row = sum(p[0] for p in points) / len(points)
    col = sum(p[1] for p in points) / len(points)
    return vertex_from_point(min(points, key=lambda p: ((p[0] - row) ** 2 + (p[1] - col) ** 2, p)))


def open_area_words(area: int, size: int) -> str:
    """``"23 empty points around E15 (E11, F11, ...)"``: an open area named by its size and its first points."""
    names = _vertices(area, size)
    shown = ", ".join(names[:6]) + (", ..." if len(names) > 6 else "")
    return f"{len(names)} empty points around {open_area_centre(area, size)} ({shown})"


def _open_area_reason(area: int, size: int, verdicts: Sequence[Verdict]) -> Reason:
    around = dilate(area, geometry(size))
    guessed = [v.vertex for v in verdicts if v.stones & around and v.provenance == "assumed"]
    if guessed:
        shown = ", ".join(guessed[:6]) + (", ..." if len(guessed) > 6 else "")
        tail = (f"The points count for nobody, and the assumed verdicts of the {len(guessed)} string"
                f"{'s' if len(guessed) != 1 else ''} next to them ({shown}) guess the end of an unplayed "
                "fight: resume the game, or settle them by agreement (--agreed, --dead, --alive).")
    else:
        tail = "The points count for nobody; every string next to them has a proven verdict."
    return Reason(
        f"Open area: {open_area_words(area, size)} touch stones of both colours and belong to no one; the fill "
        "closes lines of dame and a seki keeps only a few shared liberties, so the game stopped before this "
        "border was closed or the fight there was played out.  " + tail,
        "AJR, Territory; J1989 Art. 8", tuple(_vertices(area, size)))


def _fill_reason(fill: Fill, filling: DameFilling) -> Reason:
    informal = filling is DameFilling.INFORMAL
    article = "AJR, Dame and teire filling (informal)" if informal else "J1989 Art. 8"
    if fill.source == "none":
        return Reason("No dame filled (--no-fill)." + (
            "" if informal else "  Under these rules unfilled dame put the live stones next to them in seki."),
            article)
    if fill.source == "given":
        return Reason(f"Fill given by the user: {len(fill.moves)} move{'s' if len(fill.moves) != 1 else ''}.",
                      article, tuple(m.vertex for m in fill.moves))
    if not fill.moves and fill.refused:
        return Reason("No dame filled: every dame the fill found is left open (the next lines say why).", article)
    if not fill.moves:
        # Not "No dame to fill.": a J1989 ruling then names the dame left open (next to a seki).
        return Reason("No dame to fill between living stones of both colours; points next to stones that "
                      "are not alive (a seki, dead stones) are left as they are.", article)
    dame, teire = fill.count("dame"), fill.count("teire")
    return Reason(
        f"Proposed fill of {len(fill.moves)} move{'s' if len(fill.moves) != 1 else ''} ({dame} dame, {teire} teire), "
        "played before the count; "
        f"refuse it with --no-fill or give your own with --fill.",
        article, tuple(m.vertex for m in fill.moves))


def _count_text(score: Score) -> str:
    b, w = Color.BLACK, Color.WHITE
    return (
        f"Count: Black {score.territory_points(b)} territory + {score.prisoners(b)} prisoners = {score.total(b):g}; "
        f"White {score.territory_points(w)} territory + {score.prisoners(w)} prisoners + {score.komi:g} komi "
        f"= {score.total(w):g}."
    )


# -- results that depend on a condition (J1989 Art. 13, Korean ko threats) -------------------------


def _with_status(verdicts: Sequence[Verdict], pick) -> list[Verdict]:
    """The verdicts with ``pick(v)`` (a status or None to keep it) applied."""
    out = []
    for v in verdicts:
        status = pick(v)
        out.append(v if status is None or status == v.status else dataclasses.replace(v, status=status))
    return out


def _alternative(v: Verdict, condition: str) -> tuple[str, tuple] | None:
    for c, status, sequence in v.alternatives:
        if c == condition:
            return status, sequence
    return None


def _winner(margin: float) -> int:
    return (margin > 0) - (margin < 0)


def _decide_ko_threats(position: Position, verdicts: Sequence[Verdict], favoured: Color
                       ) -> tuple[list[Verdict], list[Reason]]:
    """The verdicts with the statuses ``favoured``'s ko priority gives, and the reason that says so.

    The same choice as the referee-decides count of :func:`_conditional_outcome`:
    a string of ``favoured`` takes its owner-ko-priority status, any other its
    attacker-ko-priority status, and the ko stones of a double ko (where
    threats decide nothing) their attacker-ko-priority status.  The verdicts
    stay proofs (``search``) under that condition; their alternatives are
    dropped, since the condition is now settled.
    """
    paired = _double_ko_stones(position, verdicts)
    out, names = [], []
    for v in verdicts:
        own = v.color is favoured and id(v) not in paired
        alt = _alternative(v, "owner-ko-priority" if own else "attacker-ko-priority")
        if alt is None:
            out.append(v)
            continue
        status, sequence = alt
        names.append(v.vertex)
        out.append(dataclasses.replace(
            v, status=status, sequence=tuple(sequence), alternatives=(),
            reason=(f"{v.reason} The referee found that {favoured.word} has more ko threats elsewhere: "
                    f"with {'its owner' if own else 'the attacker'} holding ko priority the string is "
                    f"{status.replace('_', ' ')} (Korean rules).")))
    if not names:
        return out, [Reason(f"--ko-threats {favoured.word}: no status depends on ko threats here, so the finding "
                            "changes nothing.", "Korean rules")]
    return out, [Reason(
        f"The referee found that {favoured.word} has more ko threats (--ko-threats): the strings at "
        f"{', '.join(names)}, whose local play-out depends on a ko, take the status {favoured.word}'s ko priority "
        f"gives.", "Korean rules (KBA 1992 precedent, rules-sources.md 2, S44)", tuple(names))]


def _double_ko_stones(position: Position, verdicts: Sequence[Verdict]) -> set[int]:
    """``id``s of the verdicts of ko stones whose ko priority cannot matter: a double ko.

    Lone stones of both colours whose status depends on ko priority, in one
    local fight (their zones, the points reachable without crossing a
    pass-alive stone, meet): each side can take the other's ko stone, so a
    capture in one ko is answered by a capture in the other, which is not a
    recapture and needs no ko threat.  The side with more threats cannot hold
    both kos, and no number of threats decides them (double-ko seki, S10 #12;
    Sensei's DoubleKo): each ko stone counts as its attacker's ko priority
    gives it, the count of record (taken, or left standing without points).
    """
    stones = [v for v in verdicts if _alternative(v, "owner-ko-priority") and v.stones.bit_count() == 1]
    if not any(v.color is Color.BLACK for v in stones) or not any(v.color is Color.WHITE for v in stones):
        return set()
    g = geometry(position.size)
    safe = _pass_alive(position.black, position.white, g) | _pass_alive(position.white, position.black, g)
    zones = {id(v): flood(v.stones, g.full & ~safe, g) for v in stones}
    paired: set[int] = set()
    for a in stones:
        for b in stones:
            if a.color is Color.BLACK and b.color is Color.WHITE and zones[id(a)] & zones[id(b)]:
                paired |= {id(a), id(b)}
    return paired


def _double_ko_reason(verdicts: Sequence[Verdict], paired: set[int]) -> Reason:
    names = tuple(v.vertex for v in verdicts if id(v) in paired)
    return Reason(
        f"Double ko: the ko stones at {', '.join(names)} can each be taken by the other side, and a capture in one "
        f"ko is answered by a capture in the other, so more ko threats cannot win both: no referee decision; "
        f"each ko stone counts as taken by its attacker (S10 #12; Sensei's DoubleKo).",
        "Korean rules (local play-out)", names)


def _secured_by_resuming(replayed: Replay | None, saved: Sequence[Verdict], player: Color, rules,
                         budget: Budget) -> bool:
    """True when ``player`` makes his effective move real by asking to resume.

    His opponent then moves first (Art. 9-3), but a basic-ko ban standing at
    the stop still binds that first move (rules-sources.md 1.3.11, S31: the
    opponent "still cannot retake the ko"): if the confirmation search, the
    attacker moving first under that ban, no longer captures the saved
    strings, resuming secures them and Art. 13 does not apply.  Without such a
    ban the resumed game starts as the confirmation did, which captured them.
    """
    if replayed is None or replayed.phase is not Phase.CONFIRMATION or replayed.stop_position is None:
        return False
    pos = resumption_state(replayed, player).position
    if not pos.ko_bit or pos.ko_color is not player.opponent:
        return False
    g = geometry(pos.size)
    safe = _pass_alive(pos.black, pos.white, g) | _pass_alive(pos.white, pos.black, g)
    mode = "each" if rules.confirmation_ko is ConfirmationKo.PASS_FOR_KO_EACH else "once"
    for v in saved:
        own = v.stones & pos.stones(v.color)
        if not own:
            return False
        target = divmod((own & -own).bit_length() - 1, pos.size)
        zone = flood(pos.chain(target), g.full & ~safe, g)
        result = confirm_life(pos, target, area=zone, mode=mode, first="attacker",
                              end_passes=rules.analysis_end_passes, max_nodes=budget.nodes,
                              max_seconds=budget.seconds, ko_ban=pos.ko_bit,
                              after_capture=rules.new_stone.value)
        if result.status != "alive":
            return False
    return True


def _unsettled_effective_moves(position: Position, verdicts: Sequence[Verdict], rules, komi: float,
                               margin: float) -> list[Reason]:
    """J1989 Art. 13 tests that ran out of budget and could matter: one reason per owner.

    A string proven dead in confirmation whose owner-first search did not finish
    (``Verdict.owner_first_unsettled``) may have an effective move.  The counts that could follow
    are those with such a string alive, alone or (one first move can save several strings: the
    finished test counts them together, :func:`_conditional_outcome`) with all of its owner's
    unsettled strings alive; each counts the saved strings' dame filled first, as
    :func:`_count_saved` counts an effective move.  Where one of these counts has another winner
    than the stop's, the ruling could be "both lose": the reason gives those counts, so that the
    count of the stop is not read as settled (cases/bent-four-outside-liberty [j1989] with a budget
    of 1,000 positions per string, tests/test_j1989.py: Black's A2 or B1 alone gives B+6.5, both
    B+23.5; the default budget settles them).
    """
    out = []
    for color in (Color.BLACK, Color.WHITE):
        open_ = [v for v in verdicts if v.owner_first_unsettled and v.status != "alive" and v.color is color]
        if not open_:
            continue

        def saved_count(group):
            ids = {id(v) for v in group}
            world = _with_status(verdicts, lambda w: "alive" if id(w) in ids else None)
            return _count_saved(position, world, sum(v.stones for v in group), rules, komi)

        alone: dict[float, list[Verdict]] = {}
        for v in open_:
            alone.setdefault(saved_count([v]), []).append(v)
        together = saved_count(open_) if len(open_) > 1 else None
        counts = [m for m in alone if _winner(m) != _winner(margin)]
        if together is not None and _winner(together) != _winner(margin):
            counts.append(together)
        if not counts:
            continue
        owner = color.word.capitalize()
        names = ", ".join(v.vertex for v in open_)
        which = f"the string at {names}" if len(open_) == 1 else f"the strings at {names}"
        parts = [f"{' or '.join(v.vertex for v in vs)} {'alone ' if len(open_) > 1 else ''}{format_margin(m)}"
                 for m, vs in alone.items()]
        if together is not None:
            parts.append(f"all of them together (one first move may save several) {format_margin(together)}")
        out.append(Reason(
            f"Not settled: whether {owner} could save {which} by moving first (the Art. 13 test for an "
            f"effective move ran out of its search budget).  The count if {owner} saves them: {'; '.join(parts)}; "
            f"the stop's count is {format_margin(margin)}.  If {owner} can save strings whose count has another "
            f"winner, an effective move is left and both lose.  The count of the stop is given; a referee should "
            f"read it.",
            "J1989 Art. 13", tuple(v.vertex for v in open_)))
    return out


def _conditional_outcome(position: Position, verdicts: Sequence[Verdict], rules, komi: float, score: Score,
                         replayed: Replay | None = None, budget: Budget = Budget()):
    """Both lose (J1989 Art. 13) or referee decides (Korean), else None.

    Returns ``(outcome, result, summary, alternatives, reasons)``, or
    ``("count", reason)`` when the count of the stop stands but a reason must
    say why: J1989, the only effective moves are ones their player secures by
    resuming (:func:`_secured_by_resuming`); Korean, the ko stones of a double
    ko, where ko threats decide nothing (:func:`_double_ko_stones`).
    """
    def count(vs):
        return territory_score(position, vs, rules, komi=komi).margin

    def filled_count(vs, saved):
        return _count_saved(position, vs, saved, rules, komi)

    # Korean: statuses that depend on ko threats (verdicts with ko-priority alternatives).
    if any(_alternative(v, "owner-ko-priority") for v in verdicts):
        paired = _double_ko_stones(position, verdicts)
        alts = []
        for favoured in (Color.BLACK, Color.WHITE):
            def pick(v, favoured=favoured):
                key = "owner-ko-priority" if v.color is favoured and id(v) not in paired else "attacker-ko-priority"
                alt = _alternative(v, key)
                return None if alt is None else alt[0]
            world = _with_status(verdicts, pick)
            # Strings this priority saves (dead at the stop, alive here): their dame are filled first.
            saved = sum(w.stones for w, v in zip(world, verdicts) if w.status == "alive" and v.status != "alive")
            margin = filled_count(world, saved) if saved else count(world)
            alts.append(Alternative(f"{favoured.word.capitalize()} has more ko threats", format_margin(margin),
                                    margin))
        names = ", ".join(v.vertex for v in verdicts if _alternative(v, "owner-ko-priority") and id(v) not in paired)
        if alts[0].result == alts[1].result:
            if paired:
                return ("count", _double_ko_reason(verdicts, paired))
            return None
        summary = (f"Referee decides (ko threats): {alts[0].result} if Black has more ko threats, "
                   f"{alts[1].result} if White has")
        lines = [Reason(
            f"Referee decides: the local play-out of the strings at {names} depends on who wins a ko, that is on "
            f"the ko threats elsewhere; {alts[0].condition}: {alts[0].result}; {alts[1].condition}: "
            f"{alts[1].result}.", "Korean rules (KBA 1992 precedent, rules-sources.md 2, S44)", tuple(names.split(", ")))]
        return Outcome.REFEREE_DECIDES, "?", summary, alts, lines

    # J1989 Art. 13-1: "if the players find an effective move, which would affect the result of the
    # game, and therefore cannot agree to end the game, both players lose".  An effective move here is
    # a first move that saves strings dead in confirmation (their owner-first search makes them live);
    # strings saved by the same first move are saved together.  It "affects the result" when the
    # count with those strings alive has another winner (or jigo) than the count of the stop.  One
    # such move is enough: the official commentary's examples are single unsettled groups whose owner
    # alone gains by moving first (S10 #2: "white playing at A ... can create a seki"); the owner will
    # not resume, since the opponent would then move first (Art. 9-3), and will not agree either.
    # A group that can only be reduced to a dead shape (bent four in the corner, rules-sources.md
    # 1.3.1) has no owner-first life, so no effective move.  See docs/j1989.md.
    movers = [v for v in verdicts if v.status != "alive" and _alternative(v, "owner-first")]
    if not movers:
        return None
    base = score.margin
    alts = []
    effective = []
    for first in (Color.BLACK, Color.WHITE):
        by_move: dict[str | None, list[Verdict]] = {}
        for v in movers:
            if v.color is first:
                seq = _alternative(v, "owner-first")[1]
                move = vertex_from_point(seq[0]) if seq and seq[0] is not None else None
                by_move.setdefault(move, []).append(v)
        best: tuple[float, str | None] = (base, None)
        sign = 1 if first is Color.BLACK else -1
        for move, saved in sorted(by_move.items(), key=lambda kv: str(kv[0])):
            ids = {id(v) for v in saved}
            margin = filled_count(_with_status(verdicts, lambda v, ids=ids: "alive" if id(v) in ids else None),
                                  sum(v.stones for v in saved))
            if sign * margin > sign * best[0]:
                best = (margin, move)
        margin, move = best
        alt = Alternative(f"{first.word.capitalize()} moves first", format_margin(margin), margin, move)
        alts.append(alt)
        if move is not None and _winner(margin) != _winner(base):
            effective.append((first, alt, by_move[move]))
    if not effective:
        return None
    secured = [(c, a) for c, a, saved in effective if _secured_by_resuming(replayed, saved, c, rules, budget)]
    effective = [(c, a) for c, a, _ in effective if (c, a) not in secured]
    if not effective:
        c, a = secured[0]
        line = Reason(
            f"{c.word.capitalize()} has an effective move at the stop ({a.move}: {a.result} instead of "
            f"{format_margin(base)}), but can make it by asking to resume: {c.opponent.word.capitalize()} then moves "
            f"first (Art. 9-3) yet still may not retake the ko (rules-sources.md 1.3.11, S31).  The players ended "
            f"the game instead, so the count of the stop stands (no Art. 13).", "J1989 Art. 9-3, 13",
            (a.move,) if a.move else ())
        return ("count", line)
    stop = format_margin(base)
    moves = "; ".join(f"{a.result} if {c.word.capitalize()} moves first ({c.word.capitalize()} {a.move})"
                      for c, a in effective)
    summary = (f"Both lose (J1989 Art. 13): an effective move is left at the stop; {moves}; the stop counts "
               f"{stop}")
    names = tuple(v.vertex for v in movers)
    who = " and ".join(f"{c.word.capitalize()} {a.move} gives {a.result}" for c, a in effective)
    lines = [Reason(
        f"Both lose: after the stop an effective move is left that changes the result of the count of the stop "
        f"position ({stop}): {who} (J1989 Art. 13-1).  The player who would gain will not ask to resume, since "
        f"the opponent would then move first (Art. 9-3), and the players cannot agree to end the game; the "
        f"count of the stop does not decide it.", "J1989 Art. 13", names)]
    return Outcome.BOTH_LOSE, "Void", summary, alts, lines


# -- comparing with a record's result ----------------------------------------------------


def _parse_result(text: str | None) -> tuple[str, float | None] | None:
    """``(winner, margin)`` of an SGF ``RE``: winner ``B``, ``W`` or ``0`` (jigo/draw); margin None
    when the record gives only the winner (``B+R``, ``W+T``); None when there is no result to compare
    (``Void``, ``?``, missing or unreadable).  SGF FF[4], property RE: "0" or "Draw" for a draw,
    "B+score", "B+R"/"B+Resign", "B+T"/"B+Time", "B+F"/"B+Forfeit", "Void", "?"
    (https://www.red-bean.com/sgf/properties.html#RE)."""
    if text is None:
        return None
    t = text.strip().upper()
    if t in ("0", "DRAW", "JIGO"):
        return ("0", 0.0)
    if len(t) < 2 or t[0] not in "BW" or t[1] != "+":
        return None
    rest = t[2:].strip()
    if rest in ("", "R", "RESIGN", "T", "TIME", "F", "FORFEIT"):
        return (t[0], None)
    if not is_decimal(rest):  # float() would read 6_5 as 65, and other scripts' digits
        return None
    margin = float(rest)
    if not margin == margin or margin in (float("inf"), float("-inf")):
        return None
    return (t[0], margin)


def compare_results(ours: str, record: str | None) -> str:
    """How our result (SGF ``RE`` syntax) agrees with the record's ``RE``.

    ``"exact"`` (same winner and margin, or both jigo), ``"same-winner"``
    (same winner, another margin, or the record gives no margin),
    ``"different-winner"``, or ``"not-comparable"`` (no ``RE``, ``Void``,
    ``?``, or our result is not a count).

    >>> compare_results("B+6.5", "B+6.50"), compare_results("B+0.5", "B+R"), compare_results("0", "Draw")
    ('exact', 'same-winner', 'exact')
    >>> compare_results("W+0.5", "B+2.5"), compare_results("B+1.5", None), compare_results("Void", "B+1.5")
    ('different-winner', 'not-comparable', 'not-comparable')
    """
    a, b = _parse_result(ours), _parse_result(record)
    if a is None or b is None:
        return "not-comparable"
    if a[0] != b[0]:
        return "different-winner"
    if a[1] is not None and b[1] is not None and abs(a[1] - b[1]) < 1e-9:
        return "exact"
    return "same-winner"
