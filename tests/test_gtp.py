"""The GTP engine (``adjudicator gtp``): parser, replies, game commands, scoring, and GNU Go parity.

Protocol facts are from the GTP 2 specification, draft 2
(https://www.lysator.liu.se/~gunnar/gtp/gtp2-spec-draft2/gtp2-spec.html):
control characters 2.2, preprocessing 3.1, the standard error messages in the
command descriptions of 6.3; ids, replies and case-insensitive colours and
vertices from its section 2.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sgfmill import sgf, sgf_moves
from typer.testing import CliRunner

from adjudicator import __version__
from adjudicator.analysis.life import Budget
from adjudicator.cli import app
from adjudicator.gtp import Command, GtpEngine, format_reply, parse_command, preprocess, serve
from adjudicator.report import ruling_to_dict, score_file

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
EVEN = DATA / "kgs-2017-even.sgf"
HANDICAP = DATA / "kgs-2002-handicap.sgf"
SAMPLE = DATA / "kgs_sample" / "kgs-19-2017-03-new-2017-03-18-21.sgf"
GNUGO = shutil.which("gnugo") or ("/usr/games/gnugo" if os.access("/usr/games/gnugo", os.X_OK) else None)

# A small search budget keeps the tiny-board rulings fast; the comparisons use the same one.
FAST = Budget(nodes=2000)

REQUIRED = [
    "protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
    "clear_board", "komi", "play", "undo", "showboard", "loadsgf", "final_score", "final_status_list",
    "adjudicator-ruling",
]


def talk(engine: GtpEngine, transcript: str) -> list[str]:
    """Feed ``transcript`` to ``engine`` through :func:`serve`; the replies, each without its closing empty line."""
    out = io.StringIO()
    assert serve(engine, io.StringIO(transcript), out) == 0
    text = out.getvalue()
    assert text.endswith("\n\n") or text == ""
    return text.split("\n\n")[:-1]


# -- the parser -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, expected",
    [
        ("play b D4\n", "play b D4"),
        ("play\tb\tD4", "play b D4"),  # HT becomes a space
        ("pl\x00ay b\x07 D4\r\n", "play b D4"),  # control characters are removed, CR too
        ("name\x7f", "name"),  # DEL is a control character (spec 2.2)
        ("known_command # play", "known_command"),
        ("# a whole-line comment", ""),
        ("   \t  ", ""),
        ("komi 6.5 #\x00 # x", "komi 6.5"),
        ("play b Ä4", "play b Ä4"),  # non-ASCII text is not a control character: kept, refused later
    ],
    ids=["plain", "tabs", "controls", "del", "comment", "comment-line", "blank", "two-hashes", "non-ascii"],
)
def test_preprocess_follows_spec_section_3_1(line, expected):
    assert preprocess(line) == expected


def test_parse_command_reads_ids_names_and_arguments():
    assert parse_command("12 play  white  pass") == Command("12", "play", ("white", "pass"))
    assert parse_command("0 name") == Command("0", "name", ())
    assert parse_command("0007 name") == Command("7", "name", ())
    assert parse_command("name") == Command(None, "name", ())
    assert parse_command("-3 name") == Command(None, "-3", ("name",))  # ids are unsigned
    assert parse_command("4 ") == Command("4", "", ())
    assert parse_command("#4 name") is None
    huge = "9" * 5000  # beyond Python's int() digit limit: echoed as text
    assert parse_command(f"{huge} name") == Command(huge, "name", ())


def test_format_reply_never_contains_an_empty_line_inside():
    assert format_reply(True, None) == "= \n\n"
    assert format_reply(True, "3", "A1 B1\n\nC3\n") == "=3 A1 B1\nC3\n\n"
    assert format_reply(True, None, "\nboard\n") == "= \nboard\n\n"
    assert format_reply(False, "8", "cannot undo") == "?8 cannot undo\n\n"


# -- administrative commands -------------------------------------------------------------


def test_ids_are_echoed_and_unknown_commands_fail_without_stopping():
    replies = talk(GtpEngine(), "1 protocol_version\nname\n#\n\n2 version\n3 genmove b\nPLAY b D4\n4\n5 name\n")
    assert replies == [
        "=1 2", "= adjudicator", f"=2 {__version__}", "?3 unknown command",
        "? unknown command",  # command names are case-sensitive, as in GNU Go
        "?4 missing command", "=5 adjudicator",
    ]


def test_list_commands_and_known_command_agree():
    engine = GtpEngine()
    (listed,) = talk(engine, "list_commands\n")
    names = listed.removeprefix("= ").split("\n")
    assert sorted(names) == sorted(REQUIRED)
    replies = talk(engine, "".join(f"known_command {n}\n" for n in names) + "known_command genmove\n")
    assert replies == ["= true"] * len(names) + ["= false"]


def test_quit_replies_and_ends_the_session():
    engine = GtpEngine()
    assert talk(engine, "7 quit\nname\n") == ["=7 "]
    assert engine.finished


def test_wrong_argument_counts_are_syntax_errors():
    replies = talk(GtpEngine(), "name extra\nboardsize\nplay b\nplay b D4 D5\nkomi\nfinal_status_list\n")
    assert all(r.startswith("? syntax error") for r in replies), replies


def test_a_line_too_long_is_refused_and_the_session_goes_on():
    engine = GtpEngine()
    from adjudicator.gtp import MAX_LINE

    replies = talk(engine, "1 name " + "x" * (MAX_LINE + 10) + "\n2 name\n")
    assert replies == ["? line too long", "=2 adjudicator"]


def test_an_internal_error_becomes_a_reply(monkeypatch):
    engine = GtpEngine()

    def broken():
        raise RuntimeError("boom")

    monkeypatch.setattr(engine, "ruling", broken)
    assert talk(engine, "1 final_score\n2 name\n") == ["?1 internal error: RuntimeError: boom", "=2 adjudicator"]


# -- setup and play ------------------------------------------------------------------


def test_boardsize_accepts_2_to_25_and_clears_the_board():
    engine = GtpEngine()
    replies = talk(engine, "boardsize 1\nboardsize 26\nboardsize 9x9\nboardsize 7\nplay b D4\nboardsize 9\n")
    assert replies[:2] == ["? unacceptable size", "? unacceptable size"]
    assert replies[2].startswith("? syntax error")
    assert replies[3:] == ["= ", "= ", "= "]
    assert engine.position.size == 9 and engine.position.black == 0


def test_colours_and_vertices_are_case_insensitive():
    engine = GtpEngine()
    replies = talk(engine, "boardsize 5\nplay B a1\nplay WHITE E5\nplay black Pass\nplay w PASS\nplay Black c3\n")
    assert replies == ["= "] * 6
    assert engine.position.to_rows() == ["....O", ".....", "..X..", ".....", "X...."]
    for bad in ("play x C3", "play b Z1", "play b I1", "play b C0", "play b resign", "play b F1"):
        (reply,) = talk(engine, bad + "\n")
        assert reply.startswith("? invalid"), (bad, reply)


def test_illegal_moves_fail_with_the_standard_message_and_change_nothing():
    engine = GtpEngine()
    ko = "play b C4\nplay w D4\nplay b B3\nplay w C3\nplay b C2\nplay w D2\nplay b A1\nplay w E3\n"
    talk(engine, "boardsize 5\n" + ko)
    assert talk(engine, "play b D3\n") == ["= "]  # captures C3: a ko
    before = engine.position
    assert before.prisoners == (1, 0)
    # retaking the ko at once (basic ko), an occupied point, suicide in the corner:
    assert talk(engine, "play w C3\nplay w D3\nplay b A4\nplay b B5\nplay w A5\n") == [
        "? illegal move", "? illegal move", "= ", "= ", "? illegal move"]
    # the same colour twice is not illegal (spec 6.3.3); after another move the ko may be retaken
    assert talk(engine, "undo\nundo\nplay w E5\nplay w C3\n") == ["= ", "= ", "= ", "= "]
    assert engine.position.prisoners == (1, 1)


def test_undo_restores_captured_stones_and_stops_at_the_start():
    engine = GtpEngine()
    talk(engine, "boardsize 5\nplay w A1\nplay b A2\n")
    start = engine.position
    assert talk(engine, "play b B1\n") == ["= "]
    assert engine.position.prisoners == (1, 0)
    assert talk(engine, "undo\n") == ["= "]
    assert engine.position.to_rows() == start.to_rows() and engine.position.prisoners == (0, 0)
    assert talk(engine, "undo\nundo\nundo\n") == ["= ", "= ", "? cannot undo"]


def test_komi_is_a_number_and_survives_clear_board():
    engine = GtpEngine()
    replies = talk(engine, "komi 7.5\nkomi seven\nkomi nan\nkomi 1e9\nclear_board\nshowboard\n")
    assert replies[0] == "= "
    assert all(r.startswith("? syntax error") for r in replies[1:4])
    assert "komi 7.5" in replies[5]
    assert engine.record().komi == 7.5
    # float() reads '6_5' as 65 and other scripts' digits ('\u0666' is an Arabic-Indic 6) as numbers.
    for bad in ("komi 6_5", "komi \u0666.5", "komi \uff16"):
        assert talk(engine, bad + "\n")[0].startswith("? syntax error"), bad
    assert engine.record().komi == 7.5


def test_showboard_is_one_reply_without_empty_lines():
    engine = GtpEngine()
    (board,) = talk(engine, "1 boardsize 3\nplay b B2\n1 showboard\n")[2:]
    lines = board.split("\n")
    assert lines[0] == "=1 " and lines[1:6] == ["  A B C", "3 . . . 3", "2 . X . 2", "1 . . . 1", "  A B C"]
    assert "captured 0 stones" in lines[6] and "white to play" in lines[7]


# -- scoring -----------------------------------------------------------------------------

# 5x5: a black wall on column C, a white wall on column D, a lone white stone at A3.
# By hand (AJR territory, prisoners, komi on White): Black has A1-B5 = 10 points with
# A3 removed as a prisoner (10 + 1 = 11), White E1-E5 = 5 points + 0.5 komi: B+5.5.
WALLS = "".join(f"play b C{r}\nplay w D{r}\n" for r in range(1, 6)) + "play b pass\nplay w A3\nplay b pass\nplay w pass\n"
WALLS_SGF = (
    "(;GM[1]FF[4]SZ[5]KM[0.5]"
    + "".join(f";B[c{'edcba'[r - 1]}];W[d{'edcba'[r - 1]}]" for r in range(1, 6))
    + ";B[];W[ac];B[];W[])"
)


def test_final_score_and_status_lists_on_a_hand_counted_position(tmp_path):
    engine = GtpEngine(budget=FAST)
    talk(engine, "boardsize 5\nkomi 0.5\n" + WALLS)
    replies = talk(engine, "1 final_score\n2 final_status_list dead\n3 final_status_list seki\n"
                   "4 final_status_list alive\n5 final_status_list DEAD\n6 final_status_list living\n")
    assert replies[:4] == ["=1 B+5.5", "=2 A3", "=3 ", "=4 C5 C4 C3 C2 C1\nD5 D4 D3 D2 D1"]
    assert replies[4] == "=5 A3"
    assert replies[5].startswith("?6 syntax error")
    # the same game as an SGF file gets the same ruling from `adjudicator score`'s library function
    path = tmp_path / "walls.sgf"
    path.write_text(WALLS_SGF)
    expected = ruling_to_dict(score_file(path, budget=FAST))
    (line,) = talk(engine, "adjudicator-ruling\n")
    ours = json.loads(line.removeprefix("= "))
    assert "\n" not in line
    for key in ("result", "dead", "seki", "territory", "count", "final", "komi"):
        assert ours[key] == expected[key], key


@pytest.mark.parametrize("case, rules, summary", [
    ("bent-four-outside-liberty", "j1989", "Both lose"),              # result "Void" (Art. 13)
    ("bent-four-in-the-corner", "korean", "Referee decides (ko threats)"),  # result "?"
])
def test_final_score_cannot_score_a_ruling_that_is_not_a_count(case, rules, summary):
    """Spec 6.3.4: the score is W+x, B+x or 0.  A both-lose ruling answered "= Void" and a
    referee-decides one "= ?", which a controller reads as a score; the summary goes to the log."""
    logged: list[str] = []
    engine = GtpEngine(rules, log=logged.append)
    replies = talk(engine, f"1 loadsgf {ROOT / 'cases' / (case + '.sgf')}\n2 final_score\n3 adjudicator-ruling\n")
    assert replies[1] == "?2 cannot score"
    assert any(summary in line for line in logged), logged
    assert json.loads(replies[2].removeprefix("=3 "))["summary"].startswith(summary)


def test_the_ruling_is_cached_until_the_game_changes():
    engine = GtpEngine(budget=FAST)
    talk(engine, "boardsize 5\nkomi 0.5\n" + WALLS)
    first = engine.ruling()
    talk(engine, "final_score\nfinal_status_list dead\nshowboard\nname\n")
    assert engine.ruling() is first
    assert talk(engine, "komi 20.5\nfinal_score\n") == ["= ", "= W+14.5"]  # 11 against 5 + 20.5
    assert engine.ruling() is not first
    second = engine.ruling()
    talk(engine, "undo\n")
    assert engine.ruling() is not second


# -- loadsgf ---------------------------------------------------------------------------------


def sgfmill_before_move(path: Path, number: int) -> tuple[list[str], str]:
    """Independent oracle: rows (top first) before move ``number`` with sgfmill's board, and who moves next."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays[: number - 1]:
        if move is not None:
            board.play(move[0], move[1], colour)
    size = board.side
    rows = ["".join({"b": "X", "w": "O", None: "."}[board.get(r, c)] for c in range(size))
            for r in range(size - 1, -1, -1)]
    if number - 1 < len(plays):
        nxt = plays[number - 1][0]
    else:
        nxt = "w" if plays[-1][0] == "b" else "b"
    return rows, {"b": "black", "w": "white"}[nxt]


@pytest.mark.parametrize(
    "path, number",
    [(EVEN, 1), (EVEN, 2), (EVEN, 60), (EVEN, 169), (EVEN, 170), (EVEN, 10**6), (HANDICAP, 1), (HANDICAP, 101)],
    ids=lambda v: v.name if isinstance(v, Path) else str(v),
)
def test_loadsgf_stops_before_the_given_move(path, number):
    engine = GtpEngine()
    (reply,) = talk(engine, f"3 loadsgf {path} {number}\n")
    rows, to_play = sgfmill_before_move(path, number)
    assert reply == f"=3 {to_play}"
    assert engine.position.to_rows() == rows


def test_loadsgf_sets_size_and_komi_and_refuses_bad_input(tmp_path):
    engine = GtpEngine()
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"(;SZ[9];B[zz])")
    illegal = tmp_path / "illegal.sgf"
    illegal.write_bytes(b"(;SZ[9];B[ee];W[ee])")
    replies = talk(engine, f"boardsize 5\nplay b C3\nloadsgf {tmp_path / 'missing.sgf'}\nloadsgf {bad}\n"
                           f"loadsgf {illegal}\nloadsgf {EVEN} 0\nloadsgf {EVEN} ten\nloadsgf\n")
    assert replies[:5] == ["= ", "= ", "? cannot load file", "? cannot load file", "? cannot load file"]
    assert all(r.startswith("? syntax error") for r in replies[5:])
    assert engine.position.size == 5 and engine.position.to_rows()[2] == "..X.."  # unchanged
    assert talk(engine, f"komi 3\nloadsgf {EVEN}\n") == ["= ", "= white"]
    assert engine.position.size == 19 and engine.record().komi == 0.5  # KM[0.50]
    assert talk(engine, "undo\nundo\nplay b A1\n") == ["= ", "= ", "= "]  # loaded moves can be taken back


# -- the command line, as a controller drives it -----------------------------------------


def test_gtp_with_an_unknown_rule_set_is_a_clean_error():
    result = CliRunner().invoke(app, ["gtp", "--rules", "nosuch"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: unknown rule set 'nosuch'") and result.stdout == ""


def test_subprocess_transcript_scores_like_adjudicator_score():
    transcript = (
        "1 protocol_version\n"
        "2 name\n"
        "frobnicate now\n"  # a bad command in the middle
        "3 boardsize 99\n"
        f"4 loadsgf {SAMPLE}\n"
        "\t# a comment line\n"
        "5 final_score\n"
        "6 final_status_list dead\n"
        "7 play b\n"
        "8 final_status_list seki\n"
        "9 adjudicator-ruling\n"
        "10 quit\n"
        "11 name\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "adjudicator", "gtp"], input=transcript.encode(),
                          capture_output=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    replies = done.stdout.decode().split("\n\n")
    assert replies[-1] == ""
    replies = replies[:-1]
    assert replies[:3] == ["=1 2", "=2 adjudicator", "? unknown command"]
    assert replies[3] == "?3 unacceptable size"
    rows, to_play = sgfmill_before_move(SAMPLE, 10**6)
    assert replies[4] == f"=4 {to_play}"
    assert replies[7].startswith("?7 syntax error")
    assert replies[-1] == "=10 "  # nothing after quit
    assert len(replies) == 11
    score = subprocess.run([sys.executable, "-m", "adjudicator", "score", "--json", str(SAMPLE)],
                           capture_output=True, cwd=ROOT, env=env, timeout=120)
    assert score.returncode == 0, score.stderr
    expected = json.loads(score.stdout)
    assert replies[5] == f"=5 {expected['result']}"
    dead_lines = replies[6].removeprefix("=6 ").split("\n")
    dead = [v for line in dead_lines for v in line.split()]
    assert sorted(dead) == sorted(expected["dead"]) and len(dead) == len(set(dead))
    seki = replies[8].removeprefix("=8 ").split()
    assert sorted(seki) == sorted(expected["seki"])
    ruling = json.loads(replies[9].removeprefix("=9 "))
    assert ruling["result"] == expected["result"] and ruling["final"] == expected["final"]  # after the fill
    assert ruling["file"] == expected["file"] == str(SAMPLE)


# -- GNU Go parity ------------------------------------------------------------------------------


@pytest.mark.skipif(GNUGO is None, reason="GNU Go is not installed (apt-get install -y gnugo)")
def test_same_replies_as_gnugo_on_a_protocol_transcript():
    transcript = (
        "1 protocol_version\n2 boardsize 7\n3 boardsize 30\n4 frobnicate\n5 play b D4\n6 play W d4\n"
        "7 play white pass\n8 undo\n9 undo\n10 undo\nkomi 6.5\nclear_board\nplay b a1\nplay w b1\n"
        f"11 loadsgf {HANDICAP} 1\n12 loadsgf {EVEN} 20\n13 loadsgf {EVEN}\n14 play b T19\n"
        f"15 loadsgf {DATA / 'missing.sgf'}\n16 quit\n"
    )
    ours = talk(GtpEngine(), transcript)
    done = subprocess.run([GNUGO, "--mode", "gtp"], input=transcript.encode(), capture_output=True, timeout=60)
    theirs = done.stdout.decode().split("\n\n")[:-1]
    assert len(ours) == len(theirs) == transcript.count("\n")
    standard = ("unknown command", "unacceptable size", "illegal move", "cannot undo")
    for mine, gnu, line in zip(ours, theirs, transcript.splitlines()):
        assert mine[0] == gnu[0] and mine.split(" ")[0] == gnu.split(" ")[0], (line, mine, gnu)
        if mine.startswith("?") and gnu.split(" ", 1)[1] in standard:
            assert mine == gnu, line
        if "loadsgf" in line and mine.startswith("="):
            assert mine == gnu, line  # the colour to play
