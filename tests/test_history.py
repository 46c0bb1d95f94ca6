"""Replay of the alternation: prisoners, stops, resumption, long cycles, setup, illegal moves."""

import pytest

from adjudicator.board import Color, Position
from adjudicator.errors import IllegalMove, InvalidPosition
from adjudicator.history import GameRecord, Phase, Play, Setup, replay
from adjudicator.rules import AJR, J1989, KOREAN

B, W = Color.BLACK, Color.WHITE


def record(size, moves, setup=None, **kw):
    events = [setup or Setup(0)]
    events += [Play(i + 1, c, m) for i, (c, m) in enumerate(moves)]
    return GameRecord(size=size, events=tuple(events), **kw)


def test_captures_become_prisoners_of_the_capturer():
    moves = [(B, (0, 1)), (W, (0, 0)), (B, (1, 0)), (W, None), (B, None)]
    r = replay(record(5, moves), AJR)
    assert r.prisoners == (1, 0)
    assert r.moves == 5
    assert r.stopped and r.phase is Phase.CONFIRMATION
    assert r.stops == [5]
    assert r.stop_position == r.final


def test_handicap_setup_and_white_first():
    setup = Setup(0, black=((3, 3), (15, 15)))
    r = replay(record(19, [(W, (16, 3)), (B, (2, 16))], setup=setup, handicap=2), AJR)
    assert r.final.black.bit_count() == 3
    assert not [f for f in r.findings if f.kind == "same-player-twice"]
    assert not r.stopped and r.phase is Phase.PLAY


def test_setup_inside_the_game_is_applied_and_reported():
    events = (
        Setup(0),
        Play(1, B, (2, 2)),
        Setup(2, white=((0, 0),), empty=((2, 2),), to_play=B),
        Play(3, B, (4, 4)),
    )
    r = replay(GameRecord(size=5, events=events), AJR)
    assert r.final.color_at((2, 2)) is None and r.final.color_at((0, 0)) is W
    assert [f.kind for f in r.findings] == ["setup"]


def test_setup_leaving_a_chain_without_liberties_is_invalid():
    bad = Setup(0, black=((0, 0),), white=((0, 1), (1, 0)))
    with pytest.raises(InvalidPosition, match="root setup"):
        replay(record(3, [], setup=bad), AJR)


def test_illegal_move_is_reported_and_skipped_or_raised_in_strict_mode():
    moves = [(B, (1, 1)), (W, (1, 1)), (B, (2, 2))]
    r = replay(record(5, moves, source="g.sgf"), AJR)
    [finding] = r.illegal_moves()
    assert finding.move == 2 and "white B2: point is occupied" in finding.message
    assert r.final.white == 0
    with pytest.raises(IllegalMove, match=r"g\.sgf: move 2: white B2"):
        replay(record(5, moves, source="g.sgf"), AJR, strict=True)


KO_SETUP = Setup(0, black=((2, 1), (1, 0), (0, 1)), white=((2, 2), (1, 1), (1, 3), (0, 2)))


def test_ko_violation_in_a_record_is_found():
    moves = [(B, (1, 2)), (W, (1, 1))]  # black takes the ko, white retakes at once
    r = replay(record(4, moves, setup=KO_SETUP), AJR)
    [finding] = r.illegal_moves()
    assert finding.data["reason"] == "ko" and finding.move == 2


def test_resumption_ajr_restores_the_ko_ban_from_before_the_passes():
    # Black takes the ko, then two passes stop the game; white resumes by
    # retaking.  AJR: "as if its last two passes had not occurred", so the
    # retake is still an immediate ko recapture and illegal.
    moves = [(B, (1, 2)), (W, None), (B, None), (W, (1, 1))]
    ajr = replay(record(4, moves, setup=KO_SETUP), AJR)
    kinds = [f.kind for f in ajr.findings]
    assert kinds == ["stop", "resumption", "illegal-move"]
    assert ajr.findings[2].data["reason"] == "ko"
    # J1989 Art. 9-3: white moves first (black asked), but the ko ban standing
    # at the stop still binds white (rules-sources.md 1.3.11, S31).
    j89 = replay(record(4, moves, setup=KO_SETUP), J1989)
    assert [f.kind for f in j89.findings] == ["stop", "resumption", "illegal-move"]
    assert "asked to resume" in j89.findings[1].message
    assert j89.findings[2].data["reason"] == "ko"
    assert j89.final.prisoners == (1, 0)
    assert j89.phase is Phase.PLAY


def _triple_ko_position():
    """Three independent kos on 9x9: ko 1 and 3 held by White, ko 2 by Black."""
    shape_black = [(2, 1), (1, 0), (0, 1)]
    shape_white = [(2, 2), (1, 3), (0, 2)]
    black, white = [], []
    kos = []
    for (r0, c0), held in (((0, 0), W), ((0, 5), B), ((5, 0), W)):
        black += [(r0 + r, c0 + c) for r, c in shape_black]
        white += [(r0 + r, c0 + c) for r, c in shape_white]
        inner, outer = (r0 + 1, c0 + 1), (r0 + 1, c0 + 2)  # white's ko stone / black's ko stone
        (white if held is W else black).append(inner if held is W else outer)
        kos.append((inner, outer))
    Position.from_points(9, black, white)  # must be legal
    return Setup(0, black=tuple(black), white=tuple(white)), kos


def test_triple_ko_is_a_long_cycle_in_every_preset():
    setup, ((i1, o1), (i2, o2), (i3, o3)) = _triple_ko_position()
    # B takes ko 1, W takes ko 2, B takes ko 3, W retakes ko 1, B retakes ko 2,
    # W retakes ko 3: back to the start, three stones captured by each side.
    cycle = [(B, o1), (W, i2), (B, o3), (W, i1), (B, o2), (W, i3)]
    moves = cycle * 2
    outcomes = {}
    for rules in (AJR, J1989, KOREAN):
        r = replay(record(9, moves, setup=setup), rules)
        assert not r.illegal_moves()
        assert r.long_cycle is not None, rules.name
        assert r.long_cycle.move == 7  # recreates the position move 1 created
        outcomes[rules.name] = r.long_cycle.data["outcome"]
        assert r.long_cycle.data["repetitions"] == 6
    assert outcomes == {"japanese": "tie", "j1989": "no-result-if-agreed", "korean": "draw"}
    assert replay(record(9, moves, setup=setup), AJR).phase is Phase.ENDED
    assert replay(record(9, moves, setup=setup), J1989).phase is Phase.PLAY


def test_no_long_cycle_in_an_ordinary_ko_fight():
    setup, ((i1, o1), _, _) = _triple_ko_position()
    moves = [(B, o1), (W, (8, 8)), (B, (8, 7)), (W, i1)]
    r = replay(record(9, moves, setup=setup), AJR)
    assert r.long_cycle is None and not r.illegal_moves()


def test_same_player_twice_is_reported():
    r = replay(record(5, [(B, (0, 0)), (B, (1, 1))]), AJR)
    assert [f.kind for f in r.findings] == ["same-player-twice"]
