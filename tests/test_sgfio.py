"""Reading SGF records: root properties, setup, passes, the main line, and every way a file can be bad."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from adjudicator import sgfio
from adjudicator.board import Color
from adjudicator.errors import AdjudicatorError, SgfError
from adjudicator.history import Play, Setup
from adjudicator.sgfio import parse_sgf, read_sgf

DATA = Path(__file__).parent / "data"
PACKAGE = Path(__file__).parent.parent / "adjudicator"


def sgf_error(data: bytes, source: str = "x.sgf") -> str:
    """Parse ``data``, expect SgfError, return its message (checked to be one line)."""
    with pytest.raises(SgfError) as info:
        parse_sgf(data, source)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{source}: ")
    return message


def moves(data: bytes) -> list[tuple[str, tuple[int, int] | None]]:
    return [(p.color.value, p.move) for p in parse_sgf(data, "x.sgf").plays]


# -- real KGS records --------------------------------------------------------------


def test_real_even_game_root_properties_and_main_line():
    record = read_sgf(DATA / "kgs-2017-even.sgf")
    assert record.size == 19
    assert record.komi == 0.5
    assert record.handicap is None
    assert record.rules_text == "Japanese"
    assert record.result_text == "B+10.50"
    assert record.source == str(DATA / "kgs-2017-even.sgf")
    plays = record.plays
    assert len(plays) == 169
    assert plays[0] == Play(node=1, color=Color.BLACK, move=(16, 16))  # B[qc] = R17
    assert [p.move for p in plays[-2:]] == [None, None]  # KGS writes passes as B[] / W[]
    assert [p.node for p in plays] == list(range(1, 170))
    assert not any(isinstance(e, Setup) for e in record.events)


def test_real_handicap_game_has_root_setup_then_white_moves_first():
    record = read_sgf(DATA / "kgs-2002-handicap.sgf")
    assert record.handicap == 4
    assert record.komi == 0.5
    setup = record.events[0]
    assert setup == Setup(node=0, black=((3, 3), (3, 15), (15, 3), (15, 15)))
    assert record.events[1] == Play(node=1, color=Color.WHITE, move=(13, 16))  # W[qf] = R14
    assert len(record.plays) == 277


def test_read_sgf_accepts_str_paths_and_keeps_the_name_as_given(monkeypatch):
    monkeypatch.chdir(DATA)
    assert read_sgf("kgs-2017-even.sgf").source == "kgs-2017-even.sgf"


# -- root properties ---------------------------------------------------------------


def test_defaults_when_the_root_says_nothing():
    record = parse_sgf(b"(;GM[1]FF[4])", "x.sgf")
    assert (record.size, record.komi, record.handicap, record.rules_text, record.result_text) == (
        19, None, None, None, None,
    )
    assert record.events == ()


def test_root_properties_are_read():
    record = parse_sgf(b"(;SZ[9]KM[-3.5]HA[2]RU[Korean]RE[ W+R ])", "x.sgf")
    assert (record.size, record.komi, record.handicap, record.rules_text, record.result_text) == (
        9, -3.5, 2, "Korean", "W+R",
    )


@pytest.mark.parametrize(
    "km, komi",
    [(b"6.5", 6.5), (b"0", 0.0), (b" 7.50 ", 7.5), (b"-100", -100.0), (b"", None)],
    ids=["half", "zero", "spaces", "negative-kgs", "empty-is-missing"],
)
def test_komi_values(km, komi):
    assert parse_sgf(b"(;KM[" + km + b"])", "x.sgf").komi == komi


# Fox (AP[foxwq]) writes komi in hundredths of points, or of stones under Chinese rules; the values
# are those other readers of Fox records documented (sgfio._FOX_KOMI).
@pytest.mark.parametrize(
    "header, komi, note",
    [
        (b"KM[375]HA[0]RU[Chinese]AP[foxwq]", 7.5, "Fox's KM[375] read as 7.5"),
        (b"KM[325]RU[Chinese]AP[foxwq]", 6.5, "Fox's KM[325] read as 6.5"),
        (b"KM[650]RU[Japanese]AP[foxwq]", 6.5, "Fox's KM[650] read as 6.5"),
        (b"KM[50]HA[2]RU[Japanese]AP[foxwq]", 0.5, "Fox's KM[50] read as 0.5"),
        (b"KM[0]HA[3]AP[foxwq]", 0.0, None),
        (b"KM[375]AP[GNU Go:3.8]RE[W+R]AP[foxwq]", 7.5, "Fox's KM[375] read as 7.5"),  # re-saved: two AP values
        (b"KM[6.5]AP[foxwq]", 6.5, None),  # written as points: read as written
        (b"KM[375]AP[CGoban:3]", 375.0, None),  # not a Fox record: read as written
    ],
    ids=["chinese-7.5", "chinese-6.5", "japanese-6.5", "handicap-0.5", "zero", "two-ap", "points", "not-fox"],
)
def test_fox_komi_is_read_as_points(header, komi, note):
    record = parse_sgf(b"(;GM[1]FF[4]SZ[19]" + header + b";B[pd])", "fox.sgf")
    assert (record.komi, record.komi_note, record.komi_error) == (komi, note, None)


def test_unknown_fox_komi_is_not_guessed():
    record = parse_sgf(b"(;GM[1]FF[4]SZ[19]KM[123]AP[foxwq];B[pd])", "fox.sgf")
    assert record.komi is None
    assert record.komi_error.startswith("fox.sgf: komi KM[123] of a Fox record")
    assert "--komi" in record.komi_error and "\n" not in record.komi_error


def test_non_numeric_komi_is_an_error():
    assert sgf_error(b"(;KM[abc])", "game.sgf") == "game.sgf: non-numeric komi 'abc'"
    assert sgf_error(b"(;KM[6,5])") == "x.sgf: non-numeric komi '6,5'"
    assert sgf_error(b"(;KM[nan])") == "x.sgf: non-numeric komi 'nan'"
    assert sgf_error(b"(;KM[inf])") == "x.sgf: non-numeric komi 'inf'"
    # float() reads '6_5' as 65: a typo would decide the count silently.
    assert sgf_error(b"(;KM[6_5])") == "x.sgf: non-numeric komi '6_5'"


def test_absurd_komi_is_an_error():
    assert "out of range" in sgf_error(b"(;KM[1e999])")
    assert "out of range" in sgf_error(b"(;KM[" + b"9" * 5000 + b"])")


def test_bad_handicap_is_an_error():
    for ha in (b"-1", b"two", b"362", b"9" * 5000):
        assert "bad handicap" in sgf_error(b"(;HA[" + ha + b"])")


def test_text_in_an_unknown_character_set_is_read_as_latin_1():
    record = parse_sgf(b"(;CA[no-such-codec]RE[B+\xe9])", "x.sgf")
    assert record.result_text == "B+\xe9"
    record = parse_sgf("(;CA[UTF-8]RU[日本])".encode(), "x.sgf")
    assert record.rules_text == "日本"
    # bytes that do not decode are replaced, not fatal
    assert parse_sgf(b"(;CA[UTF-8]RE[\xff])", "x.sgf").result_text == "\ufffd"


@pytest.mark.parametrize("ca", [b"zlib", b"bz2", b"base64", b"rot13", b"idna", b"utf-16", b"\xe9", b""])
def test_codecs_that_are_not_ascii_compatible_text_fall_back_to_latin_1(ca):
    record = parse_sgf(b"(;CA[" + ca + b"]RE[B+\xe9];B[aa])", "x.sgf")
    assert record.result_text == "B+\xe9"
    assert len(record.plays) == 1


# -- board size ----------------------------------------------------------------------


@pytest.mark.parametrize("sz, size", [(b"2", 2), (b"9", 9), (b"13", 13), (b"25", 25), (b"19:19", 19), (b" 9 ", 9)])
def test_supported_sizes(sz, size):
    assert parse_sgf(b"(;SZ[" + sz + b"])", "x.sgf").size == size


@pytest.mark.parametrize("sz", [b"1", b"0", b"26", b"27", b"52", b"9" * 5000], ids=["1", "0", "26", "27", "52", "huge"])
def test_unsupported_sizes_are_errors(sz):
    message = sgf_error(b"(;SZ[" + sz + b"];B[aa])")
    assert "not supported" in message
    assert len(message) < 120  # a huge SZ is not quoted in full


def test_malformed_and_rectangular_sizes_are_errors():
    assert "bad board size" in sgf_error(b"(;SZ[nineteen])")
    assert "bad board size" in sgf_error(b"(;SZ[-9])")
    assert "rectangular board" in sgf_error(b"(;SZ[19:9])")


def test_a_record_of_another_game_is_an_error_and_go_or_no_gm_is_read():
    assert "not a Go record (GM[2]; Go is GM[1])" in sgf_error(b"(;GM[2]SZ[8];B[dd])")
    assert parse_sgf(b"(;GM[1]SZ[9];B[ee])", "x.sgf").size == 9
    assert parse_sgf(b"(;SZ[9];B[ee])", "x.sgf").size == 9


# -- moves and passes -------------------------------------------------------------------


def test_passes_in_both_encodings_up_to_19x19():
    assert moves(b"(;SZ[19];B[];W[tt])") == [("b", None), ("w", None)]
    assert moves(b"(;SZ[9];B[tt];W[])") == [("b", None), ("w", None)]


def test_tt_is_a_point_on_boards_larger_than_19x19():
    assert moves(b"(;SZ[20];B[tt];W[])") == [("b", (0, 19)), ("w", None)]


def test_sgf_letters_count_rows_from_the_top():
    # aa = A19 = (18, 0); as = A1 = (0, 0); sa = T19 = (18, 18)
    assert moves(b"(;B[aa];W[as];B[sa])") == [("b", (18, 0)), ("w", (0, 0)), ("b", (18, 18))]


def test_a_move_in_the_root_counts():
    assert parse_sgf(b"(;SZ[9]B[ee];W[dd])", "x.sgf").events == (
        Play(0, Color.BLACK, (4, 4)),
        Play(1, Color.WHITE, (5, 3)),
    )


def test_main_line_takes_the_first_variation_at_every_branch():
    data = b"(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))"
    assert [p.move for p in parse_sgf(data, "x.sgf").plays] == [(8, 0), (7, 1), (6, 2)]


def test_only_the_first_game_of_a_collection_is_read():
    assert moves(b"(;SZ[9];B[aa])\n(;SZ[13];W[bb])") == [("b", (8, 0))]


def test_node_with_both_b_and_w_is_an_error():
    assert sgf_error(b"(;SZ[9];B[aa];B[bb]W[cc])") == "x.sgf: node 2: both B and W in one node"


@pytest.mark.parametrize("value", [b"zz", b"jj", b"a", b"abc", b"AA", b"a1", b" aa"])
def test_malformed_or_off_board_move_is_an_error_naming_the_node(value):
    message = sgf_error(b"(;SZ[9];B[aa];W[" + value + b"])")
    assert message.startswith("x.sgf: node 2: bad move W[")
    assert "not a point of the 9x9 board" in message


def test_move_with_two_values_is_an_error():
    assert sgf_error(b"(;;B[aa][bb])") == "x.sgf: node 1: B has 2 values (a move has one)"


# -- setup ------------------------------------------------------------------------------


def test_setup_in_root_and_later_nodes_becomes_setup_events_in_order():
    data = b"(;SZ[5]AB[aa][bb]AW[cc];B[dd];AE[aa]AW[ee]PL[W];W[ab])"
    record = parse_sgf(data, "x.sgf")
    assert record.events == (
        Setup(node=0, black=((3, 1), (4, 0)), white=((2, 2),)),
        Play(node=1, color=Color.BLACK, move=(1, 3)),
        Setup(node=2, white=((0, 4),), empty=((4, 0),), to_play=Color.WHITE),
        Play(node=3, color=Color.WHITE, move=(3, 0)),
    )


def test_setup_and_move_in_one_node_give_the_setup_first():
    record = parse_sgf(b"(;SZ[5];AB[aa]W[bb])", "x.sgf")
    assert record.events == (Setup(node=1, black=((4, 0),)), Play(node=1, color=Color.WHITE, move=(3, 1)))


def test_pl_alone_is_a_setup_event():
    assert parse_sgf(b"(;SZ[5]PL[w])", "x.sgf").events == (Setup(node=0, to_play=Color.WHITE),)


def test_compressed_point_lists_and_empty_lists():
    record = parse_sgf(b"(;SZ[5]AB[aa:bb]AW[];B[ee])", "x.sgf")
    assert record.events[0] == Setup(node=0, black=((3, 0), (3, 1), (4, 0), (4, 1)))


@pytest.mark.parametrize(
    "node, expected",
    [
        (b"AB[tt]", "bad AB value AB[tt] (not a point or rectangle of the 19x19 board)"),
        (b"AW[zz]", "bad AW value AW[zz] (not a point or rectangle of the 19x19 board)"),
        (b"AE[bb:aa]", "bad AE value AE[bb:aa] (not a point or rectangle of the 19x19 board)"),
        (b"AB[aa][uu]", "bad AB value AB[uu] (not a point or rectangle of the 19x19 board)"),
        (b"PL[x]", "bad PL value PL[x] (B or W)"),
        (b"AB[aa]AW[aa]", "point A19 is in both AB and AW"),
        (b"AB[aa:bb]AE[bb]", "point B18 is in both AB and AE"),
    ],
)
def test_bad_setup_is_an_error_naming_the_node(node, expected):
    assert sgf_error(b"(;SZ[19];B[dd];" + node + b")") == f"x.sgf: node 2: {expected}"


def test_setup_property_with_more_values_than_points_is_refused():
    assert "more than the 25 points" in sgf_error(b"(;SZ[5]AB" + b"[aa]" * 26 + b")")


# -- files that are not game records ---------------------------------------------------


def test_missing_file(tmp_path):
    with pytest.raises(SgfError, match=r"^.*nope\.sgf: no such file$"):
        read_sgf(tmp_path / "nope.sgf")


def test_directory(tmp_path):
    with pytest.raises(SgfError, match="is a directory"):
        read_sgf(tmp_path)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file(tmp_path):
    path = tmp_path / "secret.sgf"
    path.write_bytes(b"(;SZ[9])")
    path.chmod(0)
    with pytest.raises(SgfError, match="permission denied"):
        read_sgf(path)


def test_empty_file(tmp_path):
    path = tmp_path / "empty.sgf"
    path.write_bytes(b"")
    with pytest.raises(SgfError, match=r"empty\.sgf: empty file"):
        read_sgf(path)
    assert sgf_error(b" \n\t ") == "x.sgf: empty file, not an SGF game record"


def test_binary_garbage_is_not_sgf():
    assert sgf_error(bytes(range(256)) * 4, "game.sgf") == "game.sgf: not an SGF file (no game tree '(;' found)"
    assert "not an SGF file" in sgf_error(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")


def test_text_that_is_not_sgf():
    assert "not an SGF file" in sgf_error(b"Black: D4, White: Q16")


@pytest.mark.parametrize(
    "data, detail",
    [
        (b"(;SZ[9];B[aa]", "unexpected end of SGF data"),
        (b"(;SZ[9];B[aa", "unexpected end of SGF data"),
        (b"(;SZ[9]B)", "property with no values"),
        (b"(;SZ[9]()", "empty sequence"),
        (b"(;[aa])", "unexpected value"),
    ],
)
def test_malformed_sgf(data, detail):
    assert sgf_error(data, "game.sgf") == f"game.sgf: malformed SGF ({detail})"


def test_file_over_the_size_cap_is_refused_before_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(sgfio, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.sgf"
    path.write_bytes(b"(;SZ[9]C[" + b"x" * 2000 + b"])")
    with pytest.raises(SgfError, match=r"big\.sgf: file too large"):
        read_sgf(path)
    assert "file too large" in sgf_error(b"(;SZ[9]C[" + b"x" * 2000 + b"])")
    # Sizes in MiB with one decimal made a file just over the cap read "20.0 MiB; the limit is 20 MiB".
    assert sgf_error(b"(;C[" + b"x" * 996 + b"])", "big.sgf") == (
        "big.sgf: file too large (1,002 bytes; the limit is 1,000 bytes)")


def test_too_many_nodes_or_values(monkeypatch):
    monkeypatch.setattr(sgfio, "MAX_NODES", 100)
    monkeypatch.setattr(sgfio, "MAX_VALUES", 1000)
    assert sgf_error(b"(" + b";C[a]" * 101 + b")") == "x.sgf: too many nodes (more than 100)"
    assert sgf_error(b"(;C" + b"[a]" * 1001 + b")") == "x.sgf: too many property values (more than 1000)"
    # semicolons and brackets inside values are not nodes or values
    assert len(parse_sgf(b"(;C[" + b";[" * 2000 + b"];B[aa])", "x.sgf").plays) == 1


def test_too_many_setup_points(monkeypatch):
    monkeypatch.setattr(sgfio, "MAX_SETUP_POINTS", 500)
    data = b"(;SZ[19]AB[aa:ss])"  # 361 points
    parse_sgf(data, "x.sgf")
    assert "too many setup points" in sgf_error(b"(;SZ[19]AB[aa:ss];AE[aa:ss])")


def test_deep_variation_nesting_is_refused_quickly():
    depth = 200_000  # more nodes than MAX_NODES, nested as deep as they go
    data = b"(;" + b"(;" * depth + b")" * (depth + 1)
    start = time.perf_counter()
    assert "too many nodes" in sgf_error(data)
    assert time.perf_counter() - start < 5


def test_deep_nesting_under_the_cap_parses_without_recursion():
    depth = 20_000
    data = b"(;SZ[9]" + b"(;C[x]" * depth + b")" * (depth + 1)
    record = parse_sgf(data, "x.sgf")
    assert record.events == ()


def test_parse_sgf_wants_bytes():
    with pytest.raises(TypeError):
        parse_sgf("(;SZ[9])", "x.sgf")  # type: ignore[arg-type]


def test_every_sgf_error_is_an_adjudicator_error():
    assert issubclass(SgfError, AdjudicatorError)


def test_sgfmill_is_imported_only_by_sgfio():
    importers = sorted(
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*.py")
        if re.search(r"^\s*(import|from)\s+sgfmill\b", p.read_text(encoding="utf-8"), re.MULTILINE)
    )
    assert importers == ["sgfio.py"]
