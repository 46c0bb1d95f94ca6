"""Dame and teire filling (filling.py): small boards with hand-written verdicts, and real games."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from adjudicator.analysis.life import Budget, analyse_position
from adjudicator.board import Color, Position, dilate, geometry, iter_bits
from adjudicator.coords import point_from_vertex
from adjudicator.filling import (
    FillError,
    apply_fill,
    format_fill,
    no_fill,
    parse_fill,
    propose_fill,
    static_facts,
)
from adjudicator.history import replay
from adjudicator.rules import AJR, J1989
from adjudicator.scoring import territory_score
from adjudicator.sgfio import read_sgf

B, W = Color.BLACK, Color.WHITE
DATA = Path(__file__).parent / "data"


def verdicts(pos, not_alive=()):
    marks = 0
    for v in not_alive:
        marks |= pos.bit(point_from_vertex(v, pos.size))
    return [
        SimpleNamespace(color=c, stones=ch, status="not_alive" if ch & marks else "alive")
        for c, ch in pos.chains()
    ]


def played(fill):
    return " ".join(f"{m.color.value}:{m.vertex}" for m in fill.moves)


DAME_COLUMN = """
    . x . o .
    x x . o o
    . x . o .
    x x . o o
    . x . o .
"""


def test_dame_between_living_groups_are_filled_alternately(diagram):
    pos = diagram(DAME_COLUMN)
    fill = propose_fill(pos, verdicts(pos))
    assert played(fill) == "b:C1 w:C2 b:C3 w:C4 b:C5"
    assert all(m.kind == "dame" for m in fill.moves)
    assert fill.after.empty_bits.bit_count() == 6  # the six eyes


def test_white_fills_first_when_white_is_to_move(diagram):
    pos = diagram(DAME_COLUMN)
    fill = propose_fill(pos, verdicts(pos), first=W)
    assert played(fill) == "w:C1 b:C2 w:C3 b:C4 w:C5"


def test_filling_the_dame_restores_territory_under_j1989(diagram):
    # rules-sources.md T12: Art. 8 gives 0:0 with the dame open, 3:3 once they are filled.
    pos = diagram(DAME_COLUMN)
    before = territory_score(pos, verdicts(pos), J1989, komi=0)
    fill = propose_fill(pos, verdicts(pos))
    after = territory_score(fill.after, verdicts(fill.after), J1989, komi=0)
    assert before.territory == (0, 0)
    assert after.territory_points(B) == 3 and after.territory_points(W) == 3


# Black's lone stone E1 touches White's E2: once F2 is filled it has one liberty left, D1, and
# Black must connect there (teire), inside its own territory.
TEIRE = """
    . x . x o .
    x x x x o o
    . x . x o .
    x x x x o o
    x x x x o .
    . x . . x .
"""


def test_a_fill_that_puts_a_string_in_atari_is_answered_by_teire(diagram):
    pos = diagram(TEIRE)
    fill = propose_fill(pos, verdicts(pos))
    assert played(fill) == "b:F1 w:F2 b:D1"
    teire = fill.moves[-1]
    assert teire.kind == "teire"
    assert "after white filled the dame at F2" in teire.reason
    assert "black string at E1" in teire.reason and "one liberty left (D1)" in teire.reason


def test_the_teire_costs_a_point_of_territory(diagram):
    pos = diagram(TEIRE)
    unfilled = territory_score(pos, verdicts(pos), AJR, komi=0.5)
    fill = propose_fill(pos, verdicts(pos))
    filled = territory_score(fill.after, verdicts(fill.after), AJR, komi=0.5)
    assert unfilled.territory_points(B) == 7  # A6 C6 A4 C4 A1 C1 D1
    assert filled.territory_points(B) == 6  # D1 holds the teire stone
    assert unfilled.territory_points(W) == filled.territory_points(W) == 2
    assert (unfilled.result, filled.result) == ("B+4.5", "B+3.5")


def test_self_atari_is_never_a_dame_fill(diagram):
    # After W fills F2 first, Black's F1 would leave E1-F1 with the single liberty D1.
    pos = diagram(TEIRE)
    fill = propose_fill(pos, verdicts(pos), first=W)
    assert ("b", "F1") not in [(m.color.value, m.vertex) for m in fill.moves]
    assert all(fill.after.liberties(fill.after.chain(m.point)).bit_count() >= 2 for m in fill.moves)


def test_points_next_to_not_alive_stones_are_left_alone(diagram):
    # White's stone B2 is dead inside Black's area: the points around it are Black's territory,
    # not dame, even though they touch both colours.
    pos = diagram("""
        . x . o .
        x x . o o
        . x . o .
        x x x o o
        . o x o .
    """)
    fill = propose_fill(pos, verdicts(pos, not_alive=["B1"]))
    g = geometry(pos.size)
    near_dead = dilate(pos.bit(point_from_vertex("B1", 5)), g)
    assert all(not pos.bit(m.point) & near_dead for m in fill.moves)
    assert played(fill) == "b:C3 w:C4 b:C5"


def test_a_chase_is_not_a_fill(diagram):
    # White's lone stone C5 stands in Black's area, but the verdicts (wrongly) call it alive.
    # The fill must not chase it across the area: only the points touching living stones of
    # both colours are dame there, and an atari the stone cannot survive for good is refused.
    pos = diagram("""
        . . . . x o .
        . . . . x o o
        . . o . x o .
        . . . . x o o
        . . . . x o .
        x x x x x o o
        . x . x . o .
    """)
    fill = propose_fill(pos, verdicts(pos))
    g = geometry(pos.size)
    area = dilate(dilate(pos.bit(point_from_vertex("C5", 7)), g), g)
    assert sum(1 for m in fill.moves if pos.bit(m.point) & area) <= 2
    assert fill.count("teire") == 0


def test_static_facts_see_a_lost_proof(diagram):
    # The check behind "never fill a point that changes a status": with two of Black's three
    # eyes filled, the eye-pair proof of Black's stones is gone.
    pos = diagram(DAME_COLUMN)
    alive_before, _ = static_facts(pos)
    eye_filled = pos.play(point_from_vertex("A1", 5), B).play(point_from_vertex("A3", 5), B)
    alive_after, _ = static_facts(eye_filled)
    assert alive_before & pos.black == pos.black
    assert alive_after & eye_filled.black != eye_filled.black


def test_nothing_to_fill_gives_an_empty_proposal(diagram):
    pos = diagram("""
        . x o .
        x x o o
        . x o .
        x x o o
    """)
    fill = propose_fill(pos, verdicts(pos))
    assert fill.moves == () and fill.after.board_key() == pos.board_key()
    assert no_fill(pos).source == "none"


def test_parse_and_format_fill_round_trip():
    moves = parse_fill(" b:c3 ,W:D4", 9)
    assert moves == [(B, (2, 2)), (W, (3, 3))]
    assert parse_fill("", 9) == []
    pos = Position.empty(9)
    assert format_fill(apply_fill(pos, moves).moves) == "B:C3,W:D4"


@pytest.mark.parametrize(
    "text, fragment",
    [("B:C3,W", "fill entry 2 'W'"), ("Q:C3", "expected B:VERTEX"), ("B:1A", "malformed vertex"),
     ("B:A10", "off the 9x9 board")],
)
def test_bad_fill_text_is_a_fill_error(text, fragment):
    with pytest.raises(FillError, match=fragment):
        parse_fill(text, 9)


def test_an_illegal_given_fill_is_a_fill_error(diagram):
    pos = diagram(DAME_COLUMN)
    with pytest.raises(FillError, match="fill move 2: white C1: the point is occupied"):
        apply_fill(pos, [(B, (0, 2)), (W, (0, 2))])



# -- teire and dame the final position itself calls for (KGS games of benchmarks/real_games.py) ----------


# Reduced from kgs-19-2017-06-new/2017-06-23-11 (White's O1, alone between Black's P1 and O2, its last
# liberty N1 inside White's area; also 2017-01-19-4 B5 and 2017-03-06-2 P3): White's E1 is in atari
# in the final position, its last liberty F1.  White must connect there or lose the stone, so F1 is
# not territory; the players' marks leave it neutral in all three games.
IN_ATARI = """
    . x . x o . o
    x x x x o o o
    . x . x o . o
    x x x x o o o
    . x . x o . o
    x x x x x o o
    . x . x o . o
"""


@pytest.mark.parametrize("first", [B, W])
def test_a_string_already_in_atari_gets_its_teire_whoever_fills_first(diagram, first):
    pos = diagram(IN_ATARI)
    fill = propose_fill(pos, verdicts(pos), first=first)
    assert played(fill) == "w:F1"
    (teire,) = fill.moves
    assert teire.kind == "teire" and "already in atari in the final position (last liberty F1)" in teire.reason
    unfilled = territory_score(pos, verdicts(pos), AJR, komi=0)
    filled = territory_score(fill.after, verdicts(fill.after), AJR, komi=0)
    assert unfilled.territory_points(W) == 4  # F7 F5 F3 F1
    assert filled.territory_points(W) == 3  # F1 holds the teire stone
    assert filled.territory_points(B) == unfilled.territory_points(B) == 8


def test_a_stone_in_atari_among_dead_stones_needs_no_teire(diagram):
    # Reduced from kgs-19-2017-04-new/2017-04-01-7 (Black's H4 among the dead white stones G4 J4 H5,
    # H3 counted as Black's territory by the players): the atari is by stones that cannot live.
    pos = diagram("""
        . x . x o . o
        . o x x o o o
        o x o x o . o
        . . . x o o o
        x x x x o . o
        . x . x o o o
        x x x x o . o
    """)
    fill = propose_fill(pos, verdicts(pos, not_alive=["B6", "A5", "C5"]))
    assert fill.moves == ()


# Reduced from kgs-19-2017-01-new/2017-01-11-13 (White filled P5 and O6 next to Black's O5 and walled
# in P6; the players count P6 as neutral): E5 and E6 are neutral in the final position.  If White fills
# E5, E6 is surrounded by White alone, but it was no territory when the game ended and the fill must not
# make it one: White fills it too.
NOTCH = """
    . o . o o . o
    o o o o . o o
    x x x x . o .
    . x . x o o o
    x x x x o . o
    . x . x o . o
    x x x x o o o
"""


@pytest.mark.parametrize("first, expected", [(W, "w:E5 w:E6"), (B, "b:E5 w:E6")])
def test_the_fill_never_turns_a_neutral_point_into_territory(diagram, first, expected):
    pos = diagram(NOTCH)
    fill = propose_fill(pos, verdicts(pos), first=first)
    assert played(fill) == expected
    assert all(m.kind == "dame" for m in fill.moves)
    score = territory_score(fill.after, verdicts(fill.after), AJR, komi=0)
    assert score.territory_points(W) == 6  # A7 C7 F7 G5 F3 F2: E6 is not White's whoever fills first
    assert score.territory_points(B) == 4


# Reduced from kgs-19-2017-03-new/2017-03-31-16 (White's E18 puts Black's D18 and E19-F19 in atari
# together, both with the last liberty D19; the players count D19 as neutral): White's E6 here takes the
# second-last liberty of D6 and of E7-F7 at once; one connection at D7 saves both, so it is an ordinary
# teire, not a double atari.
SHARED_LIBERTY = """
    . x x . x x o
    x x o x . o o
    . x o o o o .
    x x o . o o o
    . x o o o . o
    x x x o . o o
    . . x o o o .
"""


@pytest.mark.parametrize("first", [B, W])
def test_two_strings_in_atari_on_one_liberty_are_one_teire(diagram, first):
    pos = diagram(SHARED_LIBERTY)
    fill = propose_fill(pos, verdicts(pos), first=first)
    assert played(fill) == "w:E6 b:D7"
    teire = fill.moves[-1]
    assert teire.kind == "teire" and "black strings at D6 and E7 (3 stones)" in teire.reason
    unfilled = territory_score(pos, verdicts(pos), AJR, komi=0)
    filled = territory_score(fill.after, verdicts(fill.after), AJR, komi=0)
    assert unfilled.territory_points(B) - filled.territory_points(B) == 1  # D7


# A dame that only a connection makes fillable (the shape of kgs-19-2017-02-new/2017-02-09-5.sgf, top
# right).  Black's corner string D7-E7-F7-E6-F6 has the liberties C7 and G7, White's G6 the liberties G7
# and G5: neither side can fill the dame G7 as it stands (self-atari).  Under J1989 an open dame puts the
# live stones next to it in seki (Art. 8), so Black's three points A7-B7-C7 and White's G5 would not
# count; players connect first (Black C7), fill G7, and White answers in atari at G5.
CONNECT_THEN_FILL = """
    . . . x x x .
    x x x o x x o
    . x x o o o .
    x x o o . o o
    . x o o o o o
    x x o . o . o
    . x o o o o o
"""


@pytest.mark.parametrize("first", [B, W])
def test_a_connection_makes_a_self_atari_dame_fillable_when_every_dame_must_be_filled(diagram, first):
    pos = diagram(CONNECT_THEN_FILL)
    informal = propose_fill(pos, verdicts(pos), first=first)
    assert "G7" not in played(informal)
    assert {r.vertex for r in informal.refused} == {"G7"}
    fill = propose_fill(pos, verdicts(pos), first=first, every_dame=True)
    assert played(fill).endswith("b:C7 b:G7 w:G5")
    prep = fill.moves[-3]
    assert prep.kind == "teire" and "so that G7 can be filled" in prep.reason
    assert "3 points of territory" in prep.reason  # Black's stake (A7, B7, C7) beats White's (G5)
    assert not fill.refused
    # The count: each side pays one teire; nothing is left in seki.
    before = territory_score(pos, verdicts(pos), J1989, komi=0)
    after = territory_score(fill.after, verdicts(fill.after), J1989, komi=0)
    assert after.territory_points(B) == 5 and after.territory_points(W) == 3
    assert before.territory_points(B) < after.territory_points(B)


def test_j1989_count_of_a_real_game_with_a_dame_that_needs_a_connection():
    # kgs 2017-02-09-5 (tests/data/README.md): before the connection was played the J1989 count left
    # T19 open and gave W+108.5; the players' W+3.5 is also the AJR count.
    from adjudicator.report import score_file

    path = DATA / "kgs-2017-dame-needs-connection.sgf"
    ruling = score_file(path, rules="j1989")
    assert ruling.result == "W+3.5"
    assert [f"{m.color.value}:{m.vertex}:{m.kind}" for m in ruling.fill.moves][-3:] == [
        "b:P19:teire", "b:T19:dame", "w:T17:teire"]
    assert not ruling.fill.refused
    assert score_file(path).result == "W+3.5"  # AJR: T19 stays open, nothing changes there
    assert "T19" in {r.vertex for r in score_file(path).fill.refused}


# -- real games: invariants of the proposal ------------------------------------------------

GAMES = sorted((DATA / "kgs_sample").glob("*.sgf"))[:4] + [DATA / "kgs-2017-even.sgf"]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
@pytest.mark.parametrize("every_dame", [False, True], ids=["informal", "every-dame"])
def test_proposed_fill_on_real_games_is_legal_and_keeps_proven_statuses(path, every_dame):
    final = replay(read_sgf(path), AJR).final
    vs = analyse_position(final, AJR, Budget(max_zone_empty=6, playouts=8))
    fill = propose_fill(final, vs, every_dame=every_dame)
    g = geometry(final.size)
    not_alive = 0
    for v in vs:
        if v.status != "alive":
            not_alive |= v.stones
    # The moves replay legally, in order, to the filled position.
    pos = Position(final.size, final.black, final.white, B, 0, None, final.prisoners)
    for k, m in enumerate(fill.moves):
        facts, after = pos.try_play(m.point, m.color)
        assert after is not None, f"move {k + 1} {m.vertex} is illegal"
        if m.kind == "dame":
            assert facts.captured == 0
            assert not pos.bit(m.point) & dilate(not_alive, g), f"dame {m.vertex} touches a not-alive string"
            assert after.liberties(after.chain(m.point)).bit_count() >= 2
        elif "could not be filled as it stood" in m.reason:
            # a connection that makes an open dame fillable (every_dame only); that dame is filled later
            assert every_dame and m.kind == "teire"
            dame = m.reason.split("the dame at ")[1].split()[0]
            assert dame in [later.vertex for later in fill.moves[k + 1:]]
        elif "already in atari in the final position" in m.reason:
            # a teire the final position calls for comes before any dame
            assert m.kind == "teire" and all(p.kind == "teire" for p in fill.moves[:k])
        else:
            assert m.kind == "teire" and k > 0 and fill.moves[k - 1].color is not m.color
        pos = after
    assert pos.board_key() == fill.after.board_key()
    # Every stone the static rules proved before is still proved the same way after the fill.
    before_alive, before_dead = static_facts(final)
    after_alive, after_dead = static_facts(fill.after)
    on_board = fill.after.black | fill.after.white
    assert before_alive & on_board & ~after_alive == 0
    assert before_dead & on_board & ~after_dead == 0
    # No living string that a fill stone touches is left in atari.
    fill_bits = fill.stones(B) | fill.stones(W)
    for color, chain in fill.after.chains():
        if chain & dilate(fill_bits, g) and not chain & not_alive:
            assert fill.after.liberties(chain).bit_count() >= 2


# -- miai connections of static proofs ---------------------------------------------------------

# Black's D4 (alone) joins the black wall at C4, D5 or D3.  A hand-written proof by the miai D5/D3
# (the shape of ``Verdict.via``): both points are dame (they touch White), so if White fills one,
# Black must take the other, else White's next fill leaves D4 hanging on C4.
CONNECTION = """
    x x x . o o
    x . x . o .
    x x . x o o
    . x x . o .
    x x x x o o
    . . . x o .
"""


def connection_verdicts(pos, via=("D5", "D3")):
    bits = 0
    for v in via:
        bits |= pos.bit(point_from_vertex(v, pos.size))
    d4 = pos.chain(point_from_vertex("D4", pos.size))
    return [
        SimpleNamespace(color=c, stones=ch, status="alive", via=bits if ch == d4 else 0)
        for c, ch in pos.chains()
    ]


def test_a_fill_on_one_point_of_a_connection_is_answered_at_the_other(diagram):
    pos = diagram(CONNECTION)
    fill = propose_fill(pos, connection_verdicts(pos), first=W)
    moves = list(fill.moves)
    # White's first fill is one of the pair (it forces a teire, which a careful filler prefers).
    assert moves[0].color is W and moves[0].vertex in ("D5", "D3"), played(fill)
    other = "D3" if moves[0].vertex == "D5" else "D5"
    assert moves[1].color is B and moves[1].vertex == other and moves[1].kind == "teire", played(fill)
    assert "connection" in moves[1].reason
    d4 = fill.after.chain(point_from_vertex("D4", pos.size))
    assert d4 & fill.after.chain(point_from_vertex("A6", pos.size))  # joined to the wall
    assert not any(m.vertex == "C4" for m in moves)  # Black's eye stays


def test_without_the_proof_no_connection_teire_is_played(diagram):
    pos = diagram(CONNECTION)
    fill = propose_fill(pos, connection_verdicts(pos, via=()), first=W)
    assert not any("connection" in m.reason for m in fill.moves), played(fill)


def test_no_connection_teire_where_the_opponent_cannot_cut(diagram):
    # A proof by the miai D5/C4: a white stone at C4 would be suicide, so White's fill at D5 owes
    # Black nothing there (the atari teire at C4 comes only once D3 is filled too).
    pos = diagram(CONNECTION)
    fill = propose_fill(pos, connection_verdicts(pos, via=("D5", "C4")), first=W)
    assert not any("connection" in m.reason for m in fill.moves), played(fill)


REAL_CONNECTION = DATA / "kgs-2017-connection.sgf"


@pytest.mark.parametrize("rules", [AJR, J1989], ids=lambda r: r.name)
def test_the_fill_keeps_a_connection_alive_in_a_real_game(rules):
    # kgs-19-2017-01-new/2017-01-12-13.sgf: the fill used to give White both H9 and J10, the
    # connection of Black's 32 stones F4..., leaving them two liberties shared with White (E15,
    # F15); under J1989 those became dame, Art. 8 put the strings around them in seki and the count
    # went from RE (W+0.5) to B+32.5.
    from adjudicator.report import score_file

    ruling = score_file(REAL_CONNECTION, rules=rules)
    assert ruling.result == "W+0.5"
    after = ruling.position
    f4 = after.chain(point_from_vertex("F4", 19))
    assert after.liberties(f4).bit_count() > 2 or f4 & after.chain(point_from_vertex("K10", 19))
    # No proof by connection is carried over with one point taken by the opponent and the other open.
    for v in ruling.verdicts:
        if v.provenance == "static" and v.via:
            assert not (v.via & after.stones(v.color.opponent) and not v.via & after.stones(v.color)), v.vertex


def test_no_connection_teire_where_the_cutting_stone_would_stand_alone():
    # KGS2001/2001-11-11-6.sgf: Black's K10-L10-L11 joins the wall at K11 or J10.  White's fill at
    # K11 takes one point, but a white stone at J10 would touch no white stone (Black's area): Black
    # answers such a cut when it comes and takes the stone, so no teire is owed, and the count is the
    # players' B+14.5 (with the teire at J10 it was B+13.5).
    from adjudicator.report import score_file

    ruling = score_file(DATA / "kgs-2001-cut-inside.sgf", rules=AJR)
    assert not [m for m in ruling.fill.moves if m.kind == "teire" and "connection" in m.reason]
    assert ruling.result == "B+14.5"


@pytest.mark.parametrize("rules", [AJR, J1989], ids=lambda r: r.name)
def test_a_line_of_dame_cut_out_of_a_larger_region_is_filled(rules):
    # kgs-19-2017-02-new/2017-02-23-31.sgf: C1-F1 and E2-E4 are one neutral region of seven points,
    # of which only the points next to both colours could be filled; D1, E1 and F1 stayed open, and
    # under J1989 Art. 8 they were dame that put Black's 18 stones C1... and White's 20 stones G1...
    # in seki (W+24.5 instead of RE B+5.5).
    from adjudicator.report import score_file

    ruling = score_file(DATA / "kgs-2017-dame-line.sgf", rules=rules)
    filled = {m.vertex for m in ruling.fill.moves}
    assert {"D1", "E1", "F1"} <= filled
    assert ruling.result == "B+5.5"
    assert not ruling.score.seki


# -- the fill never hands a neutral point of the final position to one side ----------------------

def _neutral_points(final, ruling):
    """The empty points of the final position whose region, of at most SMALL_REGION points, touched
    living stones of both colours (the dame of the final position)."""
    from adjudicator.board import flood
    from adjudicator.filling import SMALL_REGION

    g = geometry(final.size)
    alive = {B: 0, W: 0}
    for v in ruling.verdicts:
        if v.status == "alive":
            alive[v.color] |= v.stones
    near_b, near_w = dilate(alive[B] & final.black, g), dilate(alive[W] & final.white, g)
    out, todo = 0, final.empty_bits
    while todo:
        region = flood(todo & -todo, final.empty_bits, g)
        todo &= ~region
        if region.bit_count() <= SMALL_REGION and region & near_b and region & near_w:
            out |= region
    return out


@pytest.mark.parametrize("name, result, point", [
    ("kgs-2006-closing-proof.sgf", "W+5.5", "G6"),
    ("kgs-2003-wall-in.sgf", "W+1.5", "T9"),
])
def test_a_point_walled_in_by_the_fill_stays_neutral(name, result, point):
    # kgs-2006-closing-proof: closing G6 is checked against the proofs of the final position, not
    # against the Benson proof the fill itself created around G6.  kgs-2003-wall-in: closing T9 would
    # cost a proof of the final position, so White does not wall it in; Black fills that dame.
    from adjudicator.report import score_file

    ruling = score_file(DATA / name)
    final = ruling.replay.final
    p = final.bit(point_from_vertex(point, final.size))
    assert p & _neutral_points(final, ruling)
    assert not p & (ruling.score.territory[0] | ruling.score.territory[1])
    assert not [r for r in ruling.fill.refused if "cannot close" in r.reason]
    assert ruling.result == result  # = RE: the count of the final position, no teire here


def test_a_refused_dame_is_tried_again_once_the_position_changed():
    # L10 is refused to White while Black's L9 stands alone (the connection at K9 would leave one
    # liberty); after Black fills K9, White's L10 is an ordinary dame answered by the teire at J11.
    from adjudicator.report import score_file

    ruling = score_file(DATA / "kgs-2003-refusal-retried.sgf")
    moves = [f"{m.color.value}:{m.vertex}:{m.kind}" for m in ruling.fill.moves]
    k = moves.index("w:L10:dame")
    assert moves[k + 1] == "b:J11:teire" and moves.index("b:K9:dame") < k
    assert "L10" not in {r.vertex for r in ruling.fill.refused}
    assert ruling.result == "B+27.5"  # = RE


def test_no_teire_joins_a_string_that_is_not_alive():
    # Black's B1 is in seki with White's A2; White's dame at B8 would put Black's A7 in atari, and the
    # connection at A6 would join A7 to B1: a fill must not change a string's status, so B8 stays open.
    from adjudicator.report import score_file
    from adjudicator.scoring import Fate

    ruling = score_file(DATA / "kgs-2003-teire-into-seki.sgf")
    final = ruling.replay.final
    b1 = final.chain(point_from_vertex("B1", final.size))
    assert ruling.score.fate_of(b1) is Fate.SEKI
    not_alive = 0
    for v in ruling.verdicts:
        if v.status != "alive":
            not_alive |= v.stones
    pos = ruling.fill.before
    for m in ruling.fill.moves:
        _, after = pos.try_play(m.point, m.color)
        assert not after.chain(m.point) & not_alive, f"{m.kind} {m.vertex} joins a string that is not alive"
        pos = after
    assert "B8" in {r.vertex for r in ruling.fill.refused}
    assert ruling.result == "B+0.5"  # = RE


def test_a_teire_that_leaves_an_opponent_string_in_atari_is_answered_where_every_dame_is_filled():
    # KGS2003/2003-12-22-48 (RE B+13.5): White's dame at E11 puts Black's E8 in atari; Black's teire
    # at F11 takes the last liberty but one of White's E11 (8 stones), which then has only F15, inside
    # White's area.  Under J1989 (every dame filled) White connects there: a second teire.  Under AJR
    # the fill is informal and goes on to no second teire, so White may not fill E11 at all (it
    # used to, and the count gave F15 to White while Black could take the eight stones there):
    # Black fills E11 and F11 instead, and White's teire is F15.
    from adjudicator.report import score_file

    ruling = score_file(DATA / "kgs-2003-teire-after-teire.sgf", rules="j1989")
    moves = [f"{m.color.value}:{m.vertex}:{m.kind}" for m in ruling.fill.moves]
    k = moves.index("b:F11:teire")
    assert moves[k - 1] == "w:E11:dame" and moves[k + 1] == "w:F15:teire"
    assert "after black played the teire at F11" in ruling.fill.moves[k + 1].reason
    ajr = score_file(DATA / "kgs-2003-teire-after-teire.sgf")
    moves = [f"{m.color.value}:{m.vertex}:{m.kind}" for m in ajr.fill.moves]
    assert "w:E11:dame" not in moves and "b:F11:teire" not in moves
    k = moves.index("b:F11:dame")
    assert moves[k + 1] == "w:F15:teire"
    _assert_no_living_string_in_atari(ajr)
    assert ajr.result == "B+13.5"  # = RE


def _assert_no_living_string_in_atari(ruling):
    after = ruling.fill.after
    for v in ruling.verdicts:
        if v.status != "alive":
            continue
        for i in iter_bits(v.stones):
            point = divmod(i, after.size)
            if after.color_at(point) is None:
                continue
            libs = after.liberties(after.chain(point)).bit_count()
            assert libs >= 2, f"{ruling.fill.moves}: living string at {i} left in atari"


def test_a_dame_whose_teire_leaves_the_fillers_string_in_atari_is_refused():
    # KGS2003/2003-07-09-24 (RE W+7.5): Black's dame H14 and White's teire H16 left Black's G15-G16
    # in atari at G14, where Black cannot connect (27 stones would keep the one liberty O16), yet
    # G14 counted as Black's territory (W+5.5).  Black may not fill H14; White fills it, Black
    # connects at O16 first (shortage of liberties), then White's H16 is answered at G14.
    from adjudicator.report import score_file

    ruling = score_file(DATA / "kgs-2003-teire-leaves-atari.sgf")
    moves = [f"{m.color.value}:{m.vertex}:{m.kind}" for m in ruling.fill.moves]
    assert "b:H14:dame" not in moves
    k = moves.index("w:H16:dame")
    assert moves[k + 1] == "b:G14:teire"
    _assert_no_living_string_in_atari(ruling)
    assert ruling.result == "W+7.5"  # = RE
    # Under J1989 (every dame filled) no second teire saves G15-G16 either (Black's G14 would leave
    # the joined string the one liberty O16), so Black may not fill H14 there too (it was W+5.5).
    j1989 = score_file(DATA / "kgs-2003-teire-leaves-atari.sgf", rules="j1989")
    moves = [f"{m.color.value}:{m.vertex}:{m.kind}" for m in j1989.fill.moves]
    assert "b:H14:dame" not in moves and "w:H14:dame" in moves
    assert j1989.result == "W+7.5"


def test_a_dame_refused_as_a_capturing_race_is_prepared_by_the_threatened_side():
    # kgs-19-2006/2006-02-18-21 (RE B+13.5): after White's dame at B3, White's B1 has the liberties A1
    # and C1 and the string A2-A4 next to it A1 and A5.  Black's C1 would put B1 in atari, and White's
    # connection at A1 would leave the joined string the one liberty A5: a race, so C1 was left open
    # and White kept A1 and A5 as territory (B+11.5).  White must connect first: A5 joins A2-A4 to the
    # living group at B5, then Black fills C1 and White connects at A1 (two teire).
    from adjudicator.report import score_file

    for rules in ("japanese", "j1989"):
        ruling = score_file(DATA / "kgs-2006-shortage-teire.sgf", rules=rules)
        moves = [f"{m.color.value}:{m.vertex}:{m.kind}" for m in ruling.fill.moves]
        k = moves.index("w:A5:teire")
        assert moves[k + 1:k + 3] == ["b:C1:dame", "w:A1:teire"], moves
        assert "shortage of liberties" in ruling.fill.moves[k].reason
        assert "C1" not in {r.vertex for r in ruling.fill.refused}
        assert ruling.result == "B+13.5"  # = RE


def test_a_dame_refused_before_a_closing_fill_is_tried_again_after_it():
    # kgs-19-2006/2006-01-08-26 (RE W+10.5): A19 is a self-atari for Black while A18-A17-B18 stand
    # alone (liberties A19 and B17).  The closing fill B17 (a neutral point the fill walled in)
    # joins them to Black's 34 stones with the eyes D12 and E9, and A19 becomes a dame that puts
    # White's B19 in atari: White first connects D17's string at F19 (its other liberty), then Black
    # fills A19 and White connects at C19.  Before, A19 stayed refused with the stale reason and the
    # count kept C19 and F19 as White's territory (W+12.5).
    from adjudicator.report import score_file

    ruling = score_file(DATA / "kgs-2006-closing-then-dame.sgf", rules="japanese")
    moves = [f"{m.color.value}:{m.vertex}:{m.kind}" for m in ruling.fill.moves]
    k = moves.index("b:B17:dame")
    assert moves[k + 1:] == ["w:F19:teire", "b:A19:dame", "w:C19:teire"], moves
    assert "A19" not in {r.vertex for r in ruling.fill.refused}
    assert ruling.result == "W+10.5"  # = RE



def _race(diagram: str, dame: str, threatened: str):
    from adjudicator.diagrams import parse_diagram
    from adjudicator.filling import Refusal, lost_race

    pos = parse_diagram(diagram)
    point = point_from_vertex(dame, pos.size)
    stones = pos.chain(point_from_vertex(threatened, pos.size))
    return lost_race(no_fill(pos), Refusal(point, W, "race"), stones)


def test_a_race_lost_at_once_names_the_capturing_play():
    # Black's four stones B6 A5 B5 C5 have the liberties A6 (their own eye) and C6 (next to White's
    # wall, which has many).  After White fills C6, Black's only play at A6 is suicide: White
    # takes them at A6.
    diagram = '''
        . x . o . .
        x x x o . .
        o o o o . .
        . . . . . .
        . . . . . .
        . . . . . .
    '''
    assert _race(diagram, "C6", "B6") == point_from_vertex("A6", 6)


def test_a_race_is_not_lost_when_the_filling_string_can_be_taken_back():
    # The same black stones, but White's D6-D5 next to C6 has only C6 and E6: after White's fill
    # at C6 it has one liberty and Black takes it at E6, so nothing is read as lost.
    diagram = '''
        . x . o . x
        x x x o x .
        o o o x . .
        . . . . . .
        . . . . . .
        . . . . . .
    '''
    assert _race(diagram, "C6", "B6") is None


def test_a_fill_that_would_start_a_capturing_race_is_refused():
    # KGS 2017-06-27-12 (RE B+0.5): Black's K10 (2 stones) and K12 (3) join Black's L8 at K9 or L9
    # and otherwise have only K11 and L11, shared with White.  White's dame fill at K9 is fine,
    # but White's L9 after it would leave them two liberties on which White's next play is an
    # atari they cannot escape: a race, not a fill.  Before, White filled both, the race dame K11
    # and L11 stayed open and J1989's Art. 8 put White's whole group in seki (B+34.5).
    from adjudicator.report import score_file

    ruling = score_file(DATA / "kgs-2017-chase-fill.sgf", rules=J1989)
    played_moves = [(m.color, m.point) for m in ruling.fill.moves]
    l9 = point_from_vertex("L9", 19)
    assert (W, l9) not in played_moves and (B, l9) in played_moves
    assert ruling.score.seki == 0
    assert ruling.result == "B+1.5"  # one teire more than the players counted (White's O8)


def test_a_dame_that_seals_dead_stones_is_filled_by_the_capturer():
    # KGS kgs-19-2015/2015-04-18-27 (RE B+1.5): White's J3 string (5 stones) inside Black's lower
    # side has two liberties, H5 (surrounded by Black) and K4, which also touches White's living
    # L4.  J3 is not alive (Black's K4 leaves it the one liberty H5), so the fill skipped every
    # point next to it and K4 stayed open: a dame under J1989 Art. 8 that put Black's stones next
    # to it, and every black group sharing an eye with them, in seki (W+51.5).  Black fills K4 (a
    # dame that seals the dead stones in); White's fill there would rescue them and is no fill.
    from adjudicator.report import score_file

    ruling = score_file(DATA / "kgs-2015-sealing-dame.sgf", rules=J1989)
    size = ruling.position.size
    played_moves = [(m.color, m.point) for m in ruling.fill.moves]
    k4 = point_from_vertex("K4", 19)
    assert (B, k4) in played_moves and (W, k4) not in played_moves
    k4_move = next(m for m in ruling.fill.moves if m.point == k4)
    assert k4_move.kind == "dame" and "the white string at J3 (5 stones)" in k4_move.reason

    def bit(vertex: str) -> int:
        row, col = point_from_vertex(vertex, size)
        return 1 << (row * size + col)

    assert not ruling.score.seki & bit("D4")  # Black's lower-left group keeps its territory
    assert ruling.score.removed[1] & bit("J3")  # the dead white stones are taken as prisoners


def test_an_atari_made_only_by_dead_stones_forces_no_teire_under_ajr():
    # KGS kgs-19-2017-04-new/2017-04-16-12 (RE W+6.5, the players' marks count E11 for White):
    # White's D11 (10 stones) has the liberties D14 (a dame next to Black's E14) and E11, and
    # Black's dead stones F12-F13 stand on its others.  Black's fill at D14 would leave it the one
    # liberty E11, and White's teire there would cost a point.  Under AJR the fill is informal and
    # the players leave such a dame open (filling._atari_by_dead); under J1989 every dame is filled
    # and the teire is played.
    from adjudicator.report import score_file

    path = DATA / "kgs-2017-teire-by-dead-stones.sgf"
    d14, e11 = point_from_vertex("D14", 19), point_from_vertex("E11", 19)
    ajr = score_file(path)
    assert ajr.result == "W+6.5"
    assert all(m.point not in (d14, e11) for m in ajr.fill.moves)
    refusal = next(r for r in ajr.fill.refused if r.point == d14 and r.color == B)
    assert "only because black's dead stones stand on its liberties" in refusal.reason
    j1989 = score_file(path, rules=J1989)
    assert j1989.result == "W+5.5"
    assert [(m.color, m.point, m.kind) for m in j1989.fill.moves][-2:] == [(B, d14, "dame"), (W, e11, "teire")]
