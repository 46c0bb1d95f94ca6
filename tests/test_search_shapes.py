"""More AJR life-and-death shapes for the exact local search (issue 3 test list).

Diagram conventions, ``solve`` and ``check_line`` come from tests/test_search.py:
``x`` black, ``o`` white, ``.`` empty and in the search area, ``,`` empty and
outside it (so a wall touching a ``,`` can never be captured).  The area is the
``.`` points alone unless a test says otherwise, so a captured string stays
captured and its points become empty points nobody may play on.

Rules: AJR 2008 "Independent Life" as made exact in design.md section 2 and in
adjudicator/analysis/search.py (the opponent of the string's owner moves first;
basic ko; fixed ko -- a play may not repeat an earlier (before, after) pair;
three successive passes end the move-sequence; the string is alive iff its
owner can force a two-eye-formation sharing an intersection with it).
Source of the rules: Nihon Ki-in, Japanese Go Rules (2008 revision), "Japanese
Rules of Go, Rules of Independent Life" (https://www.nihonkiin.or.jp/),
summarised in /work/shared/design.md section 2.

Every expected value below comes from the hand reading in the test's comment,
not from running the search.
"""

import pytest

from adjudicator.analysis.search import prove_independent_life
from adjudicator.board import Color, Position
from adjudicator.errors import IllegalMove
from tests.test_search import check_line, diagram, pt, solve


# -- two real eyes: alive without a move ----------------------------------------------


@pytest.mark.parametrize(
    "text, target",
    [
        (
            """
            , , , , , , ,
            , , , , , , ,
            , , , , , , ,
            , , , , , , ,
            o o o o o o o
            o x x x x x o
            o x . x . x o
            """,
            "B1",
        ),
        (
            """
            , , , , , , ,
            , o o o o o ,
            o x x x x x o
            o x . x . x o
            o x x x x x o
            , o o o o o ,
            , , , , , , ,
            """,
            "B5",
        ),
    ],
    ids=["edge", "centre"],
)
def test_two_real_eyes_are_alive(text, target):
    # One black string with two one-point eyes (C1/E1, C4/E4): each eye is
    # adjacent only to that string and the string has no other liberty, so the
    # start position already holds a two-eye-formation containing the target.
    # White cannot play in either eye (suicide: the string keeps the other
    # liberty), so nothing changes it; Black passes three times.
    _, r = solve(text, target)
    assert r.status == "alive"
    assert r.sequence == [None, None, None]


# -- one eye: not alive ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, target",
    [
        (
            """
            , , , , , , ,
            , , , , , , ,
            , , , , , , ,
            , , , , , , ,
            o o o o o o o
            o x x x x x o
            o x . x x x o
            """,
            "B1",
        ),
        (
            """
            , , , , , , ,
            , o o o o o ,
            o x x x x x o
            o x . x x x o
            o x x x x x o
            , o o o o o ,
            , , , , , , ,
            """,
            "B5",
        ),
    ],
    ids=["edge", "centre"],
)
def test_one_eye_is_not_alive(text, target):
    # The eye (C1 / C4) is the string's only liberty: White plays it and
    # captures the string (a capture, so not suicide).  The captured points are
    # outside the area, so Black can never replay there and no formation can
    # ever share an intersection with the string.  (Black has no move at all
    # before that: filling the eye is suicide.)
    pos, r = solve(text, target)
    assert r.status == "not_alive"
    assert r.sequence[0] == pt("C1" if target == "B1" else "C4", pos)


# -- straight three / bent three: not alive (the opponent moves first) ---------------


@pytest.mark.parametrize(
    "text, target, vital",
    [
        (
            """
            , , , , , , ,
            , , , , , , ,
            , , , , , , ,
            , , , , , , ,
            o o o o o o o
            o x x x x x o
            o x . . . x o
            """,
            "B1",
            "D1",
        ),
        (
            """
            , , , , , , ,
            , o o o o o ,
            o x x x x x o
            o x . . . x o
            o x x x x x o
            , o o o o o ,
            , , , , , , ,
            """,
            "B5",
            "D4",
        ),
    ],
    ids=["edge", "centre"],
)
def test_straight_three_is_not_alive(text, target, vital):
    # Eye space of three in a row, White first.  White takes the middle point:
    # Black's two remaining liberties are the two ends, each adjacent to the
    # white stone, so neither can become an eye and there is no formation.
    # If Black fills an end, the string's last liberty is the other end and
    # White fills it, capturing the string (legal: a capture); the captured
    # points leave the area, so Black can never rebuild.  If Black passes,
    # White passes too and three passes end the sequence without a formation.
    # Any other White first move loses: after White at an end, Black takes the
    # middle, which captures the white stone (its last liberty); the two end
    # points are then one-point eyes of one string, a two-eye-formation.  A
    # White pass lets Black take the middle at once.  So the refutation starts
    # at the middle point.
    pos, r = solve(text, target)
    assert r.status == "not_alive"
    assert r.sequence[0] == pt(vital, pos)


@pytest.mark.parametrize(
    "text, target, vital",
    [
        (
            """
            , , , , , , ,
            , , , , , , ,
            , , , , , , ,
            , , o o o , ,
            o o x x x o ,
            o x x . x o ,
            o x . . x o ,
            """,
            "B1",
            "D1",
        ),
        (
            """
            , , , , , , ,
            , o o o o , ,
            o x x x x o ,
            o x . . x o ,
            o x x . x o ,
            o x x x x o ,
            , o o o o , ,
            """,
            "B5",
            "D4",
        ),
    ],
    ids=["edge", "centre"],
)
def test_bent_three_is_not_alive(text, target, vital):
    # Eye space of three points in an L (C1-D1-D2 on the edge, C4-D4-D3 in the
    # centre), White first.  The bend (D1 / D4) touches both other points:
    # White there leaves Black two liberties both adjacent to the white stone,
    # the same dead shape as the straight three.  White at either end instead
    # lets Black take the bend and make two one-point eyes.
    pos, r = solve(text, target)
    assert r.status == "not_alive"
    assert r.sequence[0] == pt(vital, pos)


# -- straight four: alive -------------------------------------------------------------


@pytest.mark.parametrize(
    "text, target",
    [
        (
            """
            , , , , , , , ,
            , , , , , , , ,
            , , , , , , , ,
            , , , , , , , ,
            , , , , , , , ,
            o o o o o o o o
            o x x x x x x o
            o x . . . . x o
            """,
            "B1",
        ),
        (
            """
            , , , , , , , ,
            , o o o o o o ,
            o x x x x x x o
            o x . . . . x o
            o x x x x x x o
            , o o o o o o ,
            , , , , , , , ,
            , , , , , , , ,
            """,
            "B6",
        ),
    ],
    ids=["edge", "centre"],
)
def test_straight_four_is_alive(text, target):
    # Four in a row a-b-c-d, White first.  The inner points b and c are miai.
    # White b, Black c: d is now a one-point eye (neighbours c and the wall);
    # the white stone at b has one liberty, a, and Black's string has a and d.
    # White cannot play a (its string a-b would have no liberty and Black
    # keeps d: suicide) nor d (suicide), so White passes; Black plays a,
    # capturing b, and the empty points b (neighbours a, c: Black) and d form
    # a two-eye-formation of the one Black string.  White c is the mirror
    # image; White a or d lets Black play the inner point next to it and
    # capture in the same way.  A White pass lets Black play b or c at once.
    _, r = solve(text, target)
    assert r.status == "alive"


# -- seki with an eye on one side -----------------------------------------------------

SEKI_ONE_SIDE_EYES = """
    . o . x . o .
    o o x x x o o
    x x x x x x x
    o o o o o o o
    , , , , , , ,
    , , , , , , ,
    , , , , , , ,
    """


@pytest.mark.parametrize("target", ["D7", "B7", "F7"], ids=["black-no-eye", "white-left", "white-right"])
def test_seki_with_eyes_on_one_side_leaves_every_string_not_alive(target):
    # The black string (D7, C6-E6, row 5) has no eye: its only liberties are
    # C7 and E7 (row 4 is White's uncapturable wall).  The white strings
    # W1 = B7,A6,B6 and W2 = F7,F6,G6 each have one eye (A7, G7) and share one
    # liberty with Black (C7, resp. E7).  (Sensei's Library, "Seki", example of
    # a seki with and without eyes: https://senseis.xmp.net/?Seki)
    #
    # Black (White moves first): Black needs a formation, so it must capture
    # W1 or W2.  Filling C7 (or E7) leaves Black with one liberty, the other
    # shared point; White fills it and captures Black (legal, a capture).
    # Black at A7 or G7 is suicide.  So White simply passes; any Black play
    # gets Black captured, and captured points leave the area: not alive.
    #
    # White's W1 (Black moves first): its only eye is A7; a second eye needs
    # Black captured, i.e. White on both C7 and E7.  Whichever White fills
    # first (C7 joins W1, E7 joins W2) leaves that white string with one
    # liberty, its eye, and Black captures it by filling the eye (a capture of
    # three or four stones, not a ko).  The captured points are then empty
    # forever (outside the area), so the black string gains liberties nobody
    # can fill and can never be captured; W1's remaining neighbours (C7 and
    # its eye) touch Black stones, so no formation can involve W1.  Black
    # meanwhile just passes.  Not alive; W2 is the mirror image.
    _, r = solve(SEKI_ONE_SIDE_EYES, target)
    assert r.status == "not_alive"


# -- carpenter's square: not asserted ---------------------------------------------------
#
# The corner carpenter's square (Black D7, D6, D5, C4, B4 in the 7x7 corner,
# White closing every outside liberty, area = the 11 empty points) was tried:
# the search answers "unknown" at 200,000 nodes (2.8 s), so, as the brief for
# this file asks, no status is asserted for it.  From Go knowledge White to
# play gets at least a ko (go4go.net, "All you need to know about Carpenter's
# Square - 2"); which side wins that ko under AJR's basic + fixed ko with
# passes was not read out to the end here, so no expected value is claimed.


# -- a string alive only because a pass lets its owner retake a ko ---------------------

PASS_KO = """
    , , , , , , ,
    , , , , , , ,
    , , , , , , ,
    o o o o o o o
    x x x x x x x
    x o o o o x .
    . x o . o x .
    """


def test_string_alive_only_because_it_may_retake_the_ko_after_a_pass():
    # S = A2, row 3, F2, F1 (liberties A1, G1, G2; G1-G2 is a two-point eye).
    # X = B2-E2, C1, E1 is a white string whose only liberty is D1, a point
    # Black may fill because it captures.  B1 is a black stone whose only
    # liberty is A1.  Area: rows 1-2 minus S's stones (X's and B1's points
    # included, so captured points can be replayed).
    #
    # White moves first.  Pass: Black D1 captures X; S then has the G1-G2 eye
    # and a seven-point region (A1, B2-E2, C1, E1, with Black's B1 and D1
    # inside) that White cannot live in, so Black makes its second eye and
    # fills down to a formation.  White D1 / G1+G2 fills: D1 is suicide (X has
    # no other liberty and captures nothing); White G1 (or G2) is answered by
    # Black D1 as well.  The only try is the ko: White A1 captures B1.  Now S
    # has only G1, G2, X has B1 and D1, and Black has no useful play: the
    # retake at B1 is banned (basic ko), D1 is suicide (X keeps B1), G1/G2
    # only remove S's own liberties.  Black PASSES.  Whatever White does next
    # lifts the ban:
    #   - White passes: Black retakes at B1 (the previous move was a pass, so
    #     the ko ban is gone); White may not retake at once (basic ko) and the
    #     same capture is forbidden for good (fixed ko: same before/after
    #     pair); Black D1 captures X next as in the first line.
    #   - White B1 (connect): X+A1+B1 has the single liberty D1; Black D1
    #     captures eight stones.
    #   - White D1: X+D1 has the single liberty B1; Black B1 captures A1 and
    #     X together (not a ko recapture: seven stones).
    #   - White G1 (or G2): Black retakes B1 (S: A1, G2); White cannot retake
    #     (basic ko), D1 and G2 are suicide, so White passes and Black D1
    #     captures X; A1 is now suicide for White (B1 has C1 and B2).
    # So Black lives, and only because after White's ko capture Black could
    # pass and retake once White's next move (a pass or any play) lifted the
    # ban; had Black also passed after White's pass, three passes would have
    # ended the sequence with no formation.
    pos, _ = diagram(PASS_KO)
    target = pt("A2", pos)
    area = ((1 << (2 * pos.size)) - 1) & ~pos.chain(target)  # rows 1-2 minus S
    # The ko mechanics the reading relies on, checked on the board itself.
    taken = Position(pos.size, pos.black, pos.white, Color.WHITE).play(pt("A1", pos))
    assert taken.color_at(pt("B1", pos)) is None
    with pytest.raises(IllegalMove):
        taken.play(pt("B1", pos))  # the immediate retake is banned
    retaken = taken.play(None).play(None).play(pt("B1", pos))  # allowed after a pass
    assert retaken.color_at(pt("A1", pos)) is None
    r = prove_independent_life(pos, target, area=area, max_nodes=200_000, max_seconds=20)
    check_line(pos, target, area, r)
    assert r.status == "alive"


def test_the_pass_ko_string_dies_when_two_passes_end_the_sequence():
    # Contrast for the test above (end_passes is a parameter of the search):
    # if two successive passes ended a move-sequence, White's A1 capture would
    # win.  After it Black's only non-losing move is the pass (B1 banned, D1
    # suicide, and filling G1 or G2 leaves S one liberty that White fills to
    # capture it); White passes too and the sequence ends with no formation.
    pos, _ = diagram(PASS_KO)
    target = pt("A2", pos)
    area = ((1 << (2 * pos.size)) - 1) & ~pos.chain(target)
    r = prove_independent_life(pos, target, area=area, end_passes=2, max_nodes=200_000, max_seconds=20)
    check_line(pos, target, area, r, end_passes=2)
    assert r.status == "not_alive"
    assert r.sequence[0] == pt("A1", pos)  # the ko capture is White's only refutation
