"""Rule sets as data: independent axes, named presets, a parser.

A :class:`RuleSet` is one combination of axis values.  Code elsewhere branches
on the axes (``rules.long_cycle``, ``rules.life_goal`` ...), never on a preset's
name; ``tests/test_rules.py`` enforces that.  Each axis value names its source.

Presets (design.md section 1):

- ``japanese`` = ``ajr``: Robert Jasiek, *Applicable Japanese Rules*, version 2,
  2008 (``sources/japanese-rules-ajr-and-1989.txt``).
- ``j1989``: Nihon Ki-in, *Japanese Rules of Go*, 1989, with its official
  commentary (same file, English part after the AJR).
- ``korean``: Korean Baduk Association rules as summarised in
  ``rules-sources.md`` section 2 (territory scoring, no territory in seki, local
  judgement, draw by repetition).

A rule set can also be written ``PRESET,axis=value,...``, for example
``j1989,confirmation_ko=pass-for-ko-each``.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from .errors import UnknownRuleSet

__all__ = [
    "KoRule",
    "ConfirmationKo",
    "NewStone",
    "LifeGoal",
    "SekiRule",
    "CycleTest",
    "LongCycle",
    "Resumption",
    "DameFilling",
    "RuleSet",
    "AJR",
    "J1989",
    "KOREAN",
    "RULESETS",
    "parse_ruleset",
    "describe_rulesets",
    "is_decimal",
]

_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def is_decimal(text: str) -> bool:
    """Whether ``text`` (spaces around it allowed) is a number written with ASCII digits, as a komi must be.

    ``float()`` also reads ``6_5`` (as 65), other scripts' digits, ``nan`` and ``inf``; the komi
    readers (``--komi``, ``KM``, GTP ``komi``, the ``komi`` axis) refuse those.

    >>> [is_decimal(t) for t in ("6.5", " -0.5 ", "7.", ".5", "1e3", "6_5", "nan", "\u0666")]
    [True, True, True, True, True, False, False, False]
    """
    return _DECIMAL.fullmatch(text.strip()) is not None


class KoRule(enum.Enum):
    """Ko rule during the alternation."""

    #: AJR "Basic ko: a play may not recreate the position just before the
    #: previous move"; J1989 Art. 6 (no immediate recapture); Korean likewise.
    BASIC = "basic"


class ConfirmationKo(enum.Enum):
    """Ko rule during the life test (analysis / confirmation)."""

    #: AJR "Fixed ko": a play is prohibited if the positions just before and
    #: after it equal, in order, those of an earlier play of the same
    #: move-sequence (together with basic ko).
    FIXED_KO = "fixed-ko"
    #: J1989 Art. 7-2, "once" reading: after passing once for a particular ko,
    #: a player may recapture in it (rules-sources.md 1.1, S33 jann).
    PASS_FOR_KO_ONCE = "pass-for-ko-once"
    #: J1989 Art. 7-2, "each" reading: a pass for that ko before every
    #: recapture (rules-sources.md 1.1, S10 #12).
    PASS_FOR_KO_EACH = "pass-for-ko-each"
    #: Korean practice: where a status depends on ko threats the referee
    #: decides; both outcomes are reported (rules-sources.md 2, S44).
    REFEREE_KO_THREATS = "referee-ko-threats"


class NewStone(enum.Enum):
    """How the owner may play after the capture, in the confirmation of J1989 Art. 7-1's second clause
    ("capturing them would enable a new stone to be played that the opponent could not capture").

    The text does not say which plays may defend the new stone; both values are [inferred] readings
    (docs/j1989.md, "Life: the confirmation search").  The AJR preset does not use this axis.
    """

    #: Reading R2 (default since 2026-11-25): on the captured points, one stone at a time, and also
    #: any play that captures stones anywhere in the zone (a new stone may be defended by taking the
    #: attacker's stones, not by connecting out).  Keeps torazu-sanmoku's sourced seki and gives
    #: double-ko-live-gnugo's "Black lives" (cases/).
    CAPTURES = "captures"
    #: The narrowing used before: only on the captured points (with a snapback exception).
    NARROW = "narrow"


class LifeGoal(enum.Enum):
    """What the owner of a string must achieve for it to live."""

    #: AJR "Independent Life": force a two-eye-formation sharing an
    #: intersection with the string, the opponent moving first, the
    #: move-sequence ending with three successive passes.
    INDEPENDENT_LIFE = "independent-life"
    #: J1989 Art. 7-1: the opponent cannot capture the stones, or capturing
    #: them lets a new stone be played there that cannot be captured.
    UNCAPTURABLE = "uncapturable"
    #: Korean: life judged locally by play-out, "without regarding other
    #: areas of the board" (rules-sources.md 2, S25).
    LOCAL_PLAYOUT = "local-playout"


class SekiRule(enum.Enum):
    """How stones that live without territory are treated."""

    #: AJR: seki is not a rules concept; strings in seki are not independently
    #: alive, so no region next to them is territory.
    NOT_INDEPENDENTLY_ALIVE = "not-independently-alive"
    #: J1989 Art. 8: live stones that possess dame are in seki; their eye
    #: points are not territory (Korean: the same, S45).
    ART8_DAME = "art8-dame"


class CycleTest(enum.Enum):
    """When a repetition during the alternation is a long cycle."""

    #: AJR "Long cycle": a play recreates a position an earlier play created,
    #: with an equal number of stones removed (by each side) in between.
    #: (The German text of AJR says "an even number"; we follow the English
    #: version as restated in design.md section 2.)
    EQUAL_REMOVALS = "equal-removals"
    #: J1989 Art. 12 and Korean: the same whole-board position is repeated.
    WHOLE_BOARD = "whole-board"


class LongCycle(enum.Enum):
    """What a long cycle during the alternation means for the result."""

    TIE = "tie"  #: AJR: "the game ends as a tie"
    NO_RESULT_IF_AGREED = "no-result-if-agreed"  #: J1989 Art. 12
    DRAW = "draw"  #: Korean 2016 rules, draw by repetition (S25)


class Resumption(enum.Enum):
    """How the alternation continues after two passes when the players disagree."""

    #: AJR: "as if its last two passes had not occurred", position and
    #: prisoners restored; so the first of the two passers moves, and a ko ban
    #: standing before the passes stands again.
    AS_IF_NO_PASSES = "as-if-no-passes"
    #: J1989 Art. 9-3: the opponent of the player who asked moves first; a
    #: basic-ko ban standing at the stop still binds it (rules-sources.md
    #: 1.3.11, S31).  Korean: assumed the same [inferred, no Korean text consulted].
    OPPONENT_OF_REQUESTER = "opponent-of-requester"


class DameFilling(enum.Enum):
    """Status of dame and teire filling before the life analysis."""

    INFORMAL = "informal"  #: AJR: "Informally the players may ... fill"
    REQUIRED = "required"  #: J1989 Art. 8 counts only after dame are filled; Korean likewise


@dataclass(frozen=True)
class RuleSet:
    """One named combination of rule axes.  Code branches on axes, never on ``name``.

    Fields
    ------
    name : str
        The preset name, for display only.
    ko : KoRule
        Ko rule during the alternation.
    confirmation_ko : ConfirmationKo
        Ko rule during the life test.
    new_stone : NewStone
        Plays the owner may make after the capture in the J1989/Korean confirmation (Art. 7-1).
    life_goal : LifeGoal
        What life means.
    seki : SekiRule
        How seki stones and their eye points are treated.
    cycle_test : CycleTest
        Which repetitions during the alternation count as long cycles.
    long_cycle : LongCycle
        The outcome of a long cycle.
    resumption : Resumption
        Who moves first when a stopped game is resumed.
    dame_filling : DameFilling
        Whether dame must be filled before counting.
    analysis_end_passes : int
        Successive passes that end a move-sequence of the life test (AJR: 3).
    komi : float
        Komi used when the record gives none, in points, added to White.
    """

    name: str
    ko: KoRule
    confirmation_ko: ConfirmationKo
    life_goal: LifeGoal
    seki: SekiRule
    cycle_test: CycleTest
    long_cycle: LongCycle
    resumption: Resumption
    dame_filling: DameFilling
    analysis_end_passes: int
    komi: float
    new_stone: NewStone = NewStone.CAPTURES

    def to_dict(self) -> dict[str, Any]:
        """Axis values as plain JSON/TOML types (enums become their string values)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.value if isinstance(v, enum.Enum) else v
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "RuleSet":
        """Inverse of :meth:`to_dict`; raises UnknownRuleSet for unknown fields or values."""
        kwargs: dict[str, Any] = {}
        fields = {f.name: f for f in dataclasses.fields(cls)}
        missing = {k for k, f in fields.items() if k not in data and f.default is dataclasses.MISSING}
        if missing:
            raise UnknownRuleSet(f"rule set is missing {', '.join(sorted(missing))}")
        for key, value in data.items():
            if key not in fields:
                raise UnknownRuleSet(f"unknown rule axis {key!r} (known: {', '.join(fields)})")
            kwargs[key] = _convert(key, value)
        return cls(**kwargs)

    def with_axes(self, **changes: Any) -> "RuleSet":
        """A copy with some axes changed (values may be enum members or their strings)."""
        fields = {f.name for f in dataclasses.fields(self)}
        converted = {}
        for key, value in changes.items():
            if key not in fields or key == "name":
                raise UnknownRuleSet(f"unknown rule axis {key!r} (known: {', '.join(sorted(fields - {'name'}))})")
            converted[key] = _convert(key, value)
        return dataclasses.replace(self, **converted)


_AXIS_TYPES: dict[str, type] = {
    "ko": KoRule,
    "confirmation_ko": ConfirmationKo,
    "new_stone": NewStone,
    "life_goal": LifeGoal,
    "seki": SekiRule,
    "cycle_test": CycleTest,
    "long_cycle": LongCycle,
    "resumption": Resumption,
    "dame_filling": DameFilling,
}


def _convert(key: str, value: Any) -> Any:
    kind = _AXIS_TYPES.get(key)
    if kind is not None:
        if isinstance(value, kind):
            return value
        try:
            return kind(str(value).strip().lower())
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise UnknownRuleSet(f"bad value {value!r} for {key} (allowed: {allowed})") from None
    if key == "name":
        return str(value)
    if key == "analysis_end_passes":
        try:
            if isinstance(value, str) and not (value.strip().isascii() and value.strip().isdigit()):
                raise ValueError(value)  # int() also reads '1_0' as 10 and other scripts' digits
            n = int(value)
        except (TypeError, ValueError):
            raise UnknownRuleSet(f"bad value {value!r} for {key} (a whole number)") from None
        if n < 1:
            raise UnknownRuleSet(f"bad value {value!r} for {key} (at least 1)")
        return n
    if key == "komi":
        try:
            if isinstance(value, str) and not is_decimal(value):  # a dict (from_dict) may hold a float
                raise ValueError(value)
            k = float(value)
        except (TypeError, ValueError):
            raise UnknownRuleSet(f"bad value {value!r} for komi (a number)") from None
        if k != k or abs(k) > 1000:
            raise UnknownRuleSet(f"bad value {value!r} for komi")
        return k
    raise UnknownRuleSet(f"unknown rule axis {key!r}")


AJR = RuleSet(
    name="japanese",
    ko=KoRule.BASIC,
    confirmation_ko=ConfirmationKo.FIXED_KO,
    life_goal=LifeGoal.INDEPENDENT_LIFE,
    seki=SekiRule.NOT_INDEPENDENTLY_ALIVE,
    cycle_test=CycleTest.EQUAL_REMOVALS,
    long_cycle=LongCycle.TIE,
    resumption=Resumption.AS_IF_NO_PASSES,
    dame_filling=DameFilling.INFORMAL,
    analysis_end_passes=3,  # AJR "ends by three successive passes"
    komi=6.5,  # AJR fixes no komi; 6.5 is the Nihon Ki-in's komi since 2002
)

J1989 = RuleSet(
    name="j1989",
    ko=KoRule.BASIC,
    # Default reading of Art. 7-2: "once per ko".  The "each" reading makes
    # double-ko seki loop for ever in confirmation (rules-sources.md 1.1, S10 #12).
    confirmation_ko=ConfirmationKo.PASS_FOR_KO_ONCE,
    life_goal=LifeGoal.UNCAPTURABLE,
    seki=SekiRule.ART8_DAME,
    cycle_test=CycleTest.WHOLE_BOARD,
    long_cycle=LongCycle.NO_RESULT_IF_AGREED,
    resumption=Resumption.OPPONENT_OF_REQUESTER,
    dame_filling=DameFilling.REQUIRED,
    # Two passes stop the game (Art. 9); the confirmation has no pass count of
    # its own, a pass for ko being part of Art. 7-2.  [inferred]
    analysis_end_passes=2,
    komi=6.5,
)

KOREAN = RuleSet(
    name="korean",
    ko=KoRule.BASIC,
    confirmation_ko=ConfirmationKo.REFEREE_KO_THREATS,
    life_goal=LifeGoal.LOCAL_PLAYOUT,
    seki=SekiRule.ART8_DAME,
    cycle_test=CycleTest.WHOLE_BOARD,
    long_cycle=LongCycle.DRAW,
    resumption=Resumption.OPPONENT_OF_REQUESTER,
    dame_filling=DameFilling.REQUIRED,
    analysis_end_passes=2,  # [inferred], as for j1989
    komi=6.5,  # rules-sources.md 2 (S46); the Korean komi article itself not consulted
)

#: Preset names (lower case) -> rule sets.  ``japanese`` and ``ajr`` are the same preset.
RULESETS: Mapping[str, RuleSet] = MappingProxyType(
    {"japanese": AJR, "ajr": AJR, "j1989": J1989, "korean": KOREAN}
)


def parse_ruleset(text: str) -> RuleSet:
    """Parse ``PRESET`` or ``PRESET,axis=value,...`` (case-insensitive preset names).

    Raises UnknownRuleSet listing the known presets or axes.

    >>> parse_ruleset("AJR").life_goal
    <LifeGoal.INDEPENDENT_LIFE: 'independent-life'>
    >>> parse_ruleset("j1989,confirmation_ko=pass-for-ko-each").confirmation_ko.value
    'pass-for-ko-each'
    """
    parts = [p.strip() for p in str(text).split(",")]
    head = parts[0].lower()
    if head not in RULESETS:
        raise UnknownRuleSet(f"unknown rule set {parts[0]!r} (known: {', '.join(RULESETS)})")
    ruleset = RULESETS[head]
    changes: dict[str, str] = {}
    for part in parts[1:]:
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise UnknownRuleSet(f"expected axis=value after the preset, got {part!r}")
        changes[key.strip().replace("-", "_")] = value.strip()
    return ruleset.with_axes(**changes) if changes else ruleset


def describe_rulesets() -> list[dict[str, Any]]:
    """One dict per distinct preset: ``names`` (aliases) plus the axis values."""
    seen: dict[RuleSet, list[str]] = {}
    for name, rs in RULESETS.items():
        seen.setdefault(rs, []).append(name)
    return [{"names": names, **rs.to_dict()} for rs, names in seen.items()]
