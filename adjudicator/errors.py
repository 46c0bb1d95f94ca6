"""Exceptions raised by adjudicator.

Every error a user can cause (a bad file, an illegal move in strict mode, an
unknown rule set) derives from :class:`AdjudicatorError`.  The library never
prints and never exits; ``cli.py`` turns these into one line on stderr and a
non-zero exit code.  Anything else that escapes is a bug in adjudicator.
"""

from __future__ import annotations

__all__ = [
    "AdjudicatorError",
    "InvalidPosition",
    "IllegalMove",
    "SgfError",
    "UnknownRuleSet",
    "InvalidVertex",
]


class AdjudicatorError(Exception):
    """Base class for all errors raised by adjudicator."""


class InvalidPosition(AdjudicatorError):
    """A position that cannot exist: bad size, overlapping stones, a chain with no liberty."""


class InvalidVertex(AdjudicatorError):
    """A vertex or point that is malformed or off the board."""


class IllegalMove(AdjudicatorError):
    """A move the rules forbid.

    ``reason`` is one of ``"occupied"``, ``"suicide"``, ``"ko"``; ``point`` is the
    ``(row, col)`` played and ``color`` the mover.  The message reads like
    ``"white D4: retakes ko"``.
    """

    def __init__(self, message: str, *, reason: str, point=None, color=None) -> None:
        super().__init__(message)
        self.reason = reason
        self.point = point
        self.color = color


class SgfError(AdjudicatorError):
    """An SGF file that cannot be read or does not describe a game we can replay."""


class UnknownRuleSet(AdjudicatorError):
    """A rule-set name or axis setting that does not exist."""
