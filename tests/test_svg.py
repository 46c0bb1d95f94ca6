"""SVG diagrams (``adjudicator diagram``, adjudicator/svg.py): structure, marks, legend, files.

The SVG is parsed with xml.etree and checked against the ruling it draws: one
circle per stone, one cross per dead stone, one square per territory point,
one ring per seki stone, one badge per assumed string, and each stone at the
vertex its coordinates say (read back from the coordinate labels, so the
orientation A1 = bottom left is checked, not assumed).
"""

from __future__ import annotations

import hashlib
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.board import Color, Position, iter_bits
from adjudicator.cli import app
from adjudicator.coords import COLUMN_LETTERS, vertex_from_point
from adjudicator.diagrams import parse_diagram
from adjudicator.history import GameRecord, Play, Setup, replay
from adjudicator.report import score_file
from adjudicator.rules import AJR, J1989
from adjudicator.ruling import adjudicate
from adjudicator.svg import DiagramError, Marks, render_position, render_svg, write_svg

NS = {"s": "http://www.w3.org/2000/svg"}
DATA = Path(__file__).parent / "data"
DOCS = Path(__file__).parent.parent / "docs" / "diagrams"
GAME = DATA / "kgs-2017-even.sgf"  # B+10.5 after a 5-stone fill, 11 dead stones
runner = CliRunner()

# The seki of tests/test_scoring.py (white C7-C6-C5-D5 and black E7-E6-E5 share D7 and D6)
# with a dead stone on each side and the dame E1 left for the fill.
SEKI = """
    . x o . x o .
    x x o . x o o
    . x o o x o .
    x x x x o o o
    . . . x o . .
    . o . x o x .
    . . . x . o .
"""


def ruling_of(text: str, rules=AJR, komi: float = 0.5, **record):
    pos = parse_diagram(text)
    setup = Setup(0, black=tuple(pos.points(pos.black)), white=tuple(pos.points(pos.white)))
    events = (setup, Play(1, Color.BLACK, None), Play(2, Color.WHITE, None))
    return adjudicate(replay(GameRecord(pos.size, events, komi=komi, **record), rules))


@pytest.fixture(scope="module")
def game():
    return score_file(GAME)


@pytest.fixture(scope="module")
def seki():
    return ruling_of(SEKI)


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    return ET.fromstring(svg.encode("utf-8"))


def group(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f".//s:g[@id='{name}']", NS)
    assert found is not None, f"no <g id={name!r}>"
    return found


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def legend_text(root: ET.Element) -> str:
    return " ".join("".join(t.itertext()) for t in group(root, "legend").iter(f"{{{NS['s']}}}text"))


def stones_by_vertex(root: ET.Element, size: int) -> dict[str, set[str]]:
    """Vertex -> classes of the stone circle there, located through the coordinate labels."""
    cols: dict[str, float] = {}
    rows: dict[str, float] = {}
    for t in group(root, "coordinates").iter(f"{{{NS['s']}}}text"):
        label = t.text
        if label.isdigit():
            rows.setdefault(label, float(t.get("y")))  # left column of numbers first
        else:
            cols.setdefault(label, float(t.get("x")))
    assert sorted(cols, key=cols.get) == list(COLUMN_LETTERS[:size])
    assert sorted(rows, key=rows.get) == [str(n) for n in range(size, 0, -1)]  # top row is N
    out = {}
    for c in group(root, "stones").findall("s:circle", NS):
        x, y = float(c.get("cx")), float(c.get("cy"))
        col = min(cols, key=lambda k: abs(cols[k] - x))
        row = min(rows, key=lambda k: abs(rows[k] - y))
        out[f"{col}{row}"] = classes(c)
    return out


def vertices(bits: int, size: int) -> set[str]:
    return {vertex_from_point(divmod(i, size)) for i in iter_bits(bits)}


def check_ruling_svg(ruling, svg: str) -> ET.Element:
    """Every structural promise of render_svg, checked against the ruling."""
    root = parse(svg)
    pos, score = ruling.position, ruling.score
    size = pos.size
    width, height = root.get("width"), root.get("height")
    assert width == "600" and root.get("viewBox") == f"0 0 600 {height}" and int(height) > 600
    stones = stones_by_vertex(root, size)
    assert len(group(root, "stones").findall("s:circle", NS)) == (pos.black | pos.white).bit_count()
    assert {v for v, cl in stones.items() if "black" in cl} == vertices(pos.black, size)
    assert {v for v, cl in stones.items() if "white" in cl} == vertices(pos.white, size)
    dead = score.removed[0] | score.removed[1]
    assert {v for v, cl in stones.items() if "dead" in cl} == vertices(dead, size)
    assert {v for v, cl in stones.items() if "seki" in cl} == vertices(score.seki, size)
    marks = group(root, "marks")
    assert len(marks.findall("s:path[@class='dead-mark']", NS)) == dead.bit_count()
    assert len(marks.findall("s:circle[@class='seki-mark']", NS)) == score.seki.bit_count()
    assert len(marks.findall("s:g[@class='assumed-mark']", NS)) == len(ruling.assumed)
    fill_bits = ruling.fill.stones(Color.BLACK) | ruling.fill.stones(Color.WHITE)
    assert len(marks.findall("s:text[@class='fill-number']", NS)) == fill_bits.bit_count()
    assert {v for v, cl in stones.items() if "fill" in cl} == vertices(fill_bits, size)
    terr = group(root, "territory")
    assert len(terr.findall("s:rect[@class='territory black']", NS)) == score.territory_points(Color.BLACK)
    assert len(terr.findall("s:rect[@class='territory white']", NS)) == score.territory_points(Color.WHITE)
    text = legend_text(root)
    assert f"Result: {ruling.result}" in text and ruling.summary in text
    for color in (Color.BLACK, Color.WHITE):
        assert f"{score.total(color):g}" in text and str(score.territory_points(color)) in text
    return root


# -- structure against the ruling ------------------------------------------------------------


def test_real_game_diagram_matches_its_ruling(game):
    root = check_ruling_svg(game, render_svg(game))
    assert game.fill.moves and game.score.removed != (0, 0)  # the game exercises fill and dead marks
    numbers = sorted(int(t.text) for t in group(root, "marks").findall("s:text[@class='fill-number']", NS))
    assert numbers == list(range(1, len(game.fill.moves) + 1))
    assert "record RE B+10.50 (agrees)" in legend_text(root)


def test_seki_diagram_rings_the_seki_stones(seki):
    # C7 C6 C5 D5 E7 E6 E5, and the lower-right pair: Black E1 would connect to the black wall and
    # threaten White F1, so neither F1 nor Black's F2 is independently alive (both proven by search).
    assert seki.score.seki.bit_count() == 9
    root = check_ruling_svg(seki, render_svg(seki))
    stones = stones_by_vertex(root, 7)
    assert {v for v, cl in stones.items() if "seki" in cl} == {"C7", "C6", "C5", "D5", "E7", "E6", "E5", "F2", "F1"}
    assert {v for v, cl in stones.items() if "dead" in cl} == {"B2"}
    assert "seki, no territory" in legend_text(root)


def test_no_fill_and_komi_change_the_picture():
    walls = """
        . x . o .
        x x . o o
        . x . o .
        x x . o o
        . x . o .
    """
    filled = ruling_of(walls, komi=7)
    assert filled.fill.moves
    check_ruling_svg(filled, render_svg(filled))
    pos = parse_diagram(walls)
    setup = Setup(0, black=tuple(pos.points(pos.black)), white=tuple(pos.points(pos.white)))
    record = GameRecord(5, (setup, Play(1, Color.BLACK, None), Play(2, Color.WHITE, None)), komi=7)
    bare = adjudicate(replay(record, J1989), fill="none", komi=100)
    root = check_ruling_svg(bare, render_svg(bare))
    assert not group(root, "marks").findall("s:text[@class='fill-number']", NS)
    text = legend_text(root)
    assert "Fill: none (--no-fill)" in text and "komi 100 (from --komi)" in text and "Result: W+" in text


def test_legend_names_the_dame_left_open_when_nothing_is_filled():
    # Under J1989 neither side can fill D8 or D9 (each would put its own stones in atari): the text
    # output says the dame are left open, the legend must not say "nothing to fill".
    ruling = score_file(Path(__file__).parent.parent / "cases" / "seki-shared-liberties.sgf", rules="j1989")
    assert not ruling.fill.moves and {r.vertex for r in ruling.fill.refused} == {"D8", "D9"}
    text = legend_text(check_ruling_svg(ruling, render_svg(ruling)))
    assert "nothing to fill" not in text and "every dame found is left open: D8, D9." in text


def test_long_cycle_legend_says_the_count_does_not_decide():
    ruling = score_file(DATA / "kgs-2017-long-cycle.sgf")  # a tie by long cycle (AJR), RE W+4.50
    assert not ruling.decided_by_count
    text = legend_text(check_ruling_svg(ruling, render_svg(ruling)))
    assert "does not decide this game" in text
    assert "record RE W+4.50" in text and "(disagrees)" not in text  # a tie is not a count to compare


# -- every size ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", range(2, 26))
def test_every_board_size_has_its_coordinates_and_fits_600_units(size):
    # Black at A1 and two stones along the edge, White in the top-right corner.
    black = [(0, 0)] + ([(0, 1)] if size > 2 else [])
    pos = Position.from_points(size, black=black, white=[(size - 1, size - 1)])
    svg = render_position(pos, Marks(black_territory=frozenset({(1, 0)}), labels={(size - 1, 0): "a"}))
    root = parse(svg)
    assert root.get("width") == "600" and root.get("viewBox").startswith("0 0 600 ")
    stones = stones_by_vertex(root, size)
    expected = {vertex_from_point(p): "black" for p in black} | {vertex_from_point((size - 1, size - 1)): "white"}
    assert {v: ({"black", "white"} & cl).pop() for v, cl in stones.items()} == expected
    wood = root.find(".//s:rect[@class='wood']", NS)
    x0, w = float(wood.get("x")), float(wood.get("width"))
    assert 0 <= x0 and x0 + w <= 600
    for c in group(root, "stones").findall("s:circle", NS):
        r = float(c.get("r"))
        assert x0 <= float(c.get("cx")) - r and float(c.get("cx")) + r <= x0 + w
        assert r >= 10  # 25x25: about 10.6 units at 600 px
    assert len(group(root, "coordinates").findall("s:text", NS)) == 4 * size
    assert "I" not in {t.text for t in group(root, "coordinates").findall("s:text", NS)}


def test_marks_off_the_board_or_on_empty_points_are_refused():
    pos = parse_diagram("""
        . x
        o .
    """)
    with pytest.raises(ValueError, match="off the 2x2 board"):
        render_position(pos, Marks(dead=frozenset({(2, 0)})))
    with pytest.raises(ValueError, match="empty point"):
        render_position(pos, Marks(seki=frozenset({(0, 1)})))


def test_caption_and_labels_are_drawn():
    pos = parse_diagram("""
        . x o
        x x o
        . x .
    """)
    root = parse(render_position(pos, Marks(labels={(0, 0): "a", (1, 1): "1"}), caption=["Black to play & live"]))
    labels = [t.text for t in group(root, "marks").findall("s:text[@class='label']", NS)]
    assert sorted(labels) == ["1", "a"]
    assert "".join(group(root, "caption").itertext()).strip() == "Black to play & live"


# -- text from the record ----------------------------------------------------------------------


def test_record_text_is_escaped_and_control_characters_replaced(tmp_path):
    name = tmp_path / 'a<b>&"c".sgf'
    name.write_bytes(b"(;GM[1]FF[4]SZ[5]KM[0.5]RU[<Japanese> & co]RE[B+<1>&\x01]AB[cc]AW[dd];B[];W[])")
    ruling = score_file(name)
    svg = render_svg(ruling)
    root = parse(svg)  # well-formed despite <, &, " and U+0001
    text = legend_text(root)
    assert 'a<b>&"c".sgf' in text and "record RE B+<1>&?" in text
    assert "\x01" not in svg
    assert root.find("s:title", NS).text.endswith(f"rules {ruling.rules.name}")


# -- files and the command --------------------------------------------------------------------


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_clean_error(result, *fragments):
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in lines[0]


@pytest.fixture
def seki_sgf(tmp_path):
    pos = parse_diagram(SEKI)
    letters = "abcdefg"
    sgf = lambda p: letters[p[1]] + letters[6 - p[0]]  # noqa: E731
    ab = "".join(f"[{sgf(p)}]" for p in pos.points(pos.black))
    aw = "".join(f"[{sgf(p)}]" for p in pos.points(pos.white))
    path = tmp_path / "seki.sgf"
    path.write_text(f"(;GM[1]FF[4]SZ[7]KM[0.5]AB{ab}AW{aw};B[];W[])")
    return path


def test_diagram_command_writes_the_svg_and_leaves_the_input_alone(seki_sgf, seki):
    before = digest(seki_sgf)
    out = seki_sgf.parent / "seki.svg"
    result = runner.invoke(app, ["diagram", str(seki_sgf), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"{out}: {seki.result} ({seki.summary})"
    assert digest(seki_sgf) == before
    assert sorted(os.listdir(seki_sgf.parent)) == ["seki.sgf", "seki.svg"]  # no temporary file left
    mask = os.umask(0o022)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask  # as open() would create it, not mkstemp's 0600
    root = parse(out.read_text(encoding="utf-8"))
    assert len(group(root, "stones").findall("s:circle", NS)) == (seki.position.black | seki.position.white).bit_count()
    # The same record under other options: --no-fill and --komi reach the ruling.
    result = runner.invoke(app, ["diagram", str(seki_sgf), "-o", str(out), "--no-fill", "--komi", "10",
                                 "--rules", "j1989"])
    assert result.exit_code == 0, result.output
    text = legend_text(parse(out.read_text(encoding="utf-8")))
    assert "Fill: none" in text and "komi 10 (from --komi)" in text and "rules j1989" in text


def test_diagram_refuses_to_overwrite_its_input(seki_sgf):
    before = digest(seki_sgf)
    for target in (seki_sgf, seki_sgf.parent / "." / seki_sgf.name):
        assert_clean_error(runner.invoke(app, ["diagram", str(seki_sgf), "-o", str(target)]), "input file")
    assert digest(seki_sgf) == before


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["missing.sgf", "-o", "{tmp}/x.svg"], "missing.sgf"),
        (["{sgf}", "-o", "{tmp}/no/such/folder/x.svg"], "does not exist"),
        (["{sgf}", "-o", "{tmp}"], "is a directory"),
        (["{sgf}", "-o", "{tmp}/x.svg", "--rules", "chinese"], "chinese"),
        (["{sgf}", "-o", "{tmp}/x.svg", "--komi", "nan"], "komi"),
        (["{bad}", "-o", "{tmp}/x.svg"], "bad.sgf"),
    ],
    ids=["missing-input", "missing-folder", "output-is-folder", "unknown-rules", "nan-komi", "not-sgf"],
)
def test_bad_input_gives_one_error_line(tmp_path, seki_sgf, args, fragment):
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"this is not SGF")
    args = [a.format(tmp=tmp_path, sgf=seki_sgf, bad=bad) for a in args]
    assert_clean_error(runner.invoke(app, ["diagram", *args]), fragment)
    assert not (tmp_path / "x.svg").exists()


def test_missing_output_option_is_a_usage_error(seki_sgf):
    assert runner.invoke(app, ["diagram", str(seki_sgf)]).exit_code == 2


def test_failed_write_keeps_the_old_output_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    out = tmp_path / "out.svg"
    out.write_text("old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(DiagramError, match="cannot write"):
        write_svg("<svg/>", out)
    assert out.read_text() == "old" and os.listdir(tmp_path) == ["out.svg"]


def test_bad_input_does_not_touch_an_existing_output(tmp_path):
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"(;SZ[99])")
    out = tmp_path / "out.svg"
    out.write_text("old")
    assert_clean_error(runner.invoke(app, ["diagram", str(bad), "-o", str(out)]), "bad.sgf")
    assert out.read_text() == "old"


# -- the shipped examples ---------------------------------------------------------------------


def test_documentation_diagrams_are_well_formed_svg():
    files = sorted(DOCS.glob("*.svg"))
    assert len(files) >= 4
    for path in files:
        root = parse(path.read_text(encoding="utf-8"))
        assert root.get("width") == "600", path.name
        assert len(group(root, "coordinates").findall("s:text", NS)) % 4 == 0, path.name
