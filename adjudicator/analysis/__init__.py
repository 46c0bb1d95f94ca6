"""Life-and-death analysis: two-eye-formations and the exact proof search (AJR 2008).

- :mod:`.twoeye`: the two-eye-formations of a position (AJR "Independent Life").
- :mod:`.search`: a bounded exact search for independent life of one string,
  with basic ko, fixed ko and three successive passes.
"""

from .search import SearchResult, prove_independent_life
from .twoeye import TwoEyeFormation, has_formation_touching, two_eye_formations

__all__ = [
    "TwoEyeFormation",
    "two_eye_formations",
    "has_formation_touching",
    "SearchResult",
    "prove_independent_life",
]
