"""Reading SGF game records (FF[4], GM[1]): the only module that imports sgfmill.

:func:`read_sgf` and :func:`parse_sgf` turn a file or bytes into a
:class:`~adjudicator.history.GameRecord` of plain values; no sgfmill object
leaves this module.  What is read:

- root properties: ``SZ`` (default 19, square boards 2..25 only; ``SZ[19:19]``
  is accepted as 19), ``KM`` (komi; None when absent or empty; a Fox record's
  in Fox's encoding, see ``_FOX_KOMI``), ``HA``
  (handicap, as written), ``RU`` and ``RE`` (kept as text);
- on the main line (the first variation at every branch), in node order:
  ``AB``/``AW``/``AE``/``PL`` as :class:`~adjudicator.history.Setup` events and
  ``B``/``W`` as :class:`~adjudicator.history.Play` events, each with the index
  of its node (root = 0).  A node holding both setup and a move gives the
  setup first.  Passes are ``B[]`` and, on boards up to 19x19, ``B[tt]``
  (sgfmill's reading of FF[4]; on larger boards ``tt`` is a point);
- of a collection, the first game tree; everything else is ignored.

Malformed records raise :class:`~adjudicator.errors.SgfError` with a one-line
message that starts with the source (the file name as given)::

    game.sgf: malformed SGF (unexpected end of SGF data)
    game.sgf: node 12: both B and W in one node
    game.sgf: node 40: bad move W[zz] (not a point of the 19x19 board)

A move whose coordinates are off the board is such an error: the record is
malformed, not the play illegal.  Legality (occupied points, suicide, ko) is
judged later by :func:`adjudicator.history.replay` (an error for the
commands that rule on a game, a finding for ``replay`` and with
``--skip-illegal``).  A root ``GM`` other than 1 is not a Go record: an error.

Guards, checked before sgfmill sees the data so that hostile input cannot
exhaust memory or time: at most :data:`MAX_FILE_BYTES` bytes,
:data:`MAX_NODES` nodes and :data:`MAX_VALUES` property values in the first
game, at most ``size * size`` values in one setup property and
:data:`MAX_SETUP_POINTS` setup points in all.  sgfmill's parser is iterative,
so deeply nested variations do not recurse; only the main line is ever built.

Notes
-----
The character set comes from the root ``CA`` (default ISO-8859-1, as in
FF[4]).  An unknown or non-ASCII-compatible ``CA`` falls back to ISO-8859-1;
bytes that do not decode are replaced.  Only ``RU`` and ``RE`` are text, so
this never changes the moves.
"""

from __future__ import annotations

import codecs
import os
import re
import tempfile
from pathlib import Path
from typing import Iterable

from sgfmill import sgf, sgf_grammar, sgf_properties

from .board import Color
from .coords import MAX_SIZE, MIN_SIZE, Point, vertex_from_point
from .errors import SgfError
from .history import GameRecord, Play, Setup
from .outfiles import check_output, write_atomic
from .rules import is_decimal

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "MAX_VALUES",
    "MAX_SETUP_POINTS",
    "read_sgf",
    "parse_sgf",
    "read_territory_marks",
    "parse_territory_marks",
    "annotate_sgf",
    "check_annotated_output",
    "write_annotated_sgf",
]

#: Files larger than this (in bytes) are refused before they are read.
MAX_FILE_BYTES = 20 * 1024 * 1024
#: Most nodes (``;``) in the first game tree, all variations included.
MAX_NODES = 100_000
#: Most property values (``[...]``) in the first game tree.
MAX_VALUES = 1_000_000
#: Most setup points (AB/AW/AE, rectangles expanded) on the main line.
MAX_SETUP_POINTS = 1_000_000

_KOMI_LIMIT = 1000.0  # |KM| above this is refused (the rule-set parser uses the same bound)

# Fox (foxwq, AP[foxwq]) writes KM as a whole number of hundredths, of points or, under Chinese
# rules, of stones (one stone is two points): an even Chinese game with 7.5 komi says KM[375], a
# Japanese handicap game with 0.5 komi KM[50].  Read as written, those records counted W+375 or
# W+50.  The values and their meaning, as other readers of Fox records found them: KataGo's SGF
# reader (github.com/lightvector/KataGo pull 1118: 275/550 -> 5.5, 325/650 -> 6.5, 350/700 -> 7,
# 375/750 -> 7.5), lizzieyzy-next issue 262 (KM[50] with HA[2] RU[Japanese] -> 0.5, KM[375] with
# RU[Chinese] -> 7.5) and the OGS goban pull 205 (an even Chinese game, KM[375]).  Other whole
# numbers of 100 or more in a Fox record are not read (``komi_error``): a wrong komi would decide
# the count silently.
_FOX_KOMI = {0: 0.0, 50: 0.5, 275: 5.5, 550: 5.5, 325: 6.5, 650: 6.5, 350: 7.0, 700: 7.0, 375: 7.5, 750: 7.5}
_SHOW = 24  # characters of a bad value quoted in a message

# The tokeniser of sgfmill.sgf_grammar, copied so that we can count tokens
# without building them (see _check_counts).
_FIND_START = re.compile(rb"\(\s*;")
_TOKEN = re.compile(
    rb"""
    \s*
    (?:
        \[ (?P<V> [^\\\]]* (?: \\. [^\\\]]* )* ) \]
        |
        (?P<I> [A-Za-z]{1,64} )
        |
        (?P<D> [;()] )
    )
    """,
    re.VERBOSE | re.DOTALL,
)
_ASCII_SAMPLE = bytes(range(32, 127))


def read_sgf(path: str | os.PathLike[str]) -> GameRecord:
    """Read the first game of the SGF file at ``path``.

    Parameters
    ----------
    path : str or os.PathLike
        The file.  Its name, as given, starts every error message and becomes
        the record's ``source``.

    Returns
    -------
    GameRecord
        Size, komi, handicap, RU and RE texts, and the main line's setup and
        move events.

    Raises
    ------
    SgfError
        If the file is missing, a directory, unreadable, larger than
        :data:`MAX_FILE_BYTES`, or not a well-formed game record (see
        :func:`parse_sgf`).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tiny.sgf"
    >>> _ = path.write_bytes(b"(;SZ[9]KM[6.5]RU[Japanese];B[ee];W[])")
    >>> record = read_sgf(path)
    >>> record.size, record.komi, record.rules_text, len(record.plays)
    (9, 6.5, 'Japanese', 2)
    >>> read_sgf(path.parent / "missing.sgf")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    adjudicator.errors.SgfError: /.../missing.sgf: no such file
    """
    source = os.fsdecode(path)
    p = Path(path)
    try:
        if p.is_dir():
            raise SgfError(f"{source}: is a directory, not an SGF file")
        with open(p, "rb") as f:
            # Read one byte past the cap: a special file (a FIFO, /dev/zero)
            # has no useful st_size, so the cap is enforced on what is read.
            size = os.fstat(f.fileno()).st_size
            if size > MAX_FILE_BYTES:
                raise SgfError(_too_large(source, size))
            data = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise SgfError(f"{source}: no such file") from None
    except PermissionError:
        raise SgfError(f"{source}: cannot read the file (permission denied)") from None
    except IsADirectoryError:
        raise SgfError(f"{source}: is a directory, not an SGF file") from None
    except OSError as e:
        raise SgfError(f"{source}: cannot read the file ({e.strerror or e})") from None
    except ValueError as e:  # e.g. a NUL byte in the path
        raise SgfError(f"{source}: cannot read the file ({e})") from None
    return parse_sgf(data, source)


def parse_sgf(data: bytes, source: str = "<sgf>") -> GameRecord:
    """Parse SGF ``data`` (bytes) into a :class:`GameRecord`.

    Parameters
    ----------
    data : bytes
        The raw file contents (any ASCII-compatible encoding; see the module
        notes on ``CA``).
    source : str
        Where the data came from; starts every error message.

    Returns
    -------
    GameRecord

    Raises
    ------
    SgfError
        If the data is empty, larger than :data:`MAX_FILE_BYTES`, holds no
        game (``not an SGF file``), is malformed (``malformed SGF (...)``),
        exceeds :data:`MAX_NODES`, :data:`MAX_VALUES` or
        :data:`MAX_SETUP_POINTS`, has a board size outside 2..25, a KM that is
        not a number (or beyond +-1000), an HA that is not a whole number from
        0 to size*size, a node with both B and W, a move or setup value that is
        not a point of the board, a point set up twice in one node, or a bad
        PL.
    TypeError
        If ``data`` is not bytes-like (a programming error, not bad input).

    Examples
    --------
    >>> record = parse_sgf(b"(;SZ[9]KM[6.5];B[ee];W[];B[tt])", "demo.sgf")
    >>> record.size, record.komi, [(p.color.value, p.move) for p in record.plays]
    (9, 6.5, [('b', (4, 4)), ('w', None), ('b', None)])
    >>> parse_sgf(b"(;SZ[9];B[ee]W[dd])", "demo.sgf")
    Traceback (most recent call last):
    ...
    adjudicator.errors.SgfError: demo.sgf: node 1: both B and W in one node
    """
    if isinstance(data, str) or not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"parse_sgf expects bytes, not {type(data).__name__}")
    data = bytes(data)
    if len(data) > MAX_FILE_BYTES:
        raise SgfError(_too_large(source, len(data)))
    if not data.strip():
        raise SgfError(f"{source}: empty file, not an SGF game record")
    _check_counts(data, source)
    coarse = _parse_coarse(data, source)
    root = coarse.sequence[0]
    size = _board_size(root, source)
    encoding = _encoding(root)
    komi, komi_note, komi_error = _komi(root, source)
    handicap = _handicap(root, size, source)
    try:
        game = sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding=encoding)
        nodes = list(game.main_sequence_iter())
    except ValueError as e:  # defensive: the size and encoding were checked above
        raise SgfError(f"{source}: malformed SGF ({_one_line(e)})") from None
    events: list[Setup | Play] = []
    setup_points = 0
    for index, node in enumerate(nodes):
        setup = _setup(node, index, size, source)
        if setup is not None:
            setup_points += len(setup.black) + len(setup.white) + len(setup.empty)
            if setup_points > MAX_SETUP_POINTS:
                raise SgfError(f"{source}: too many setup points (more than {MAX_SETUP_POINTS})")
            events.append(setup)
        play = _play(node, index, size, source)
        if play is not None:
            events.append(play)
    return GameRecord(
        size=size,
        events=tuple(events),
        komi=komi,
        handicap=handicap,
        rules_text=_text(root, "RU", encoding),
        result_text=_text(root, "RE", encoding),
        source=source,
        komi_note=komi_note,
        komi_error=komi_error,
    )


# -- guards and the parse itself --------------------------------------------------


def _too_large(source: str, size: int) -> str:
    # In bytes: in MiB a file just over the cap read "20.0 MiB; the limit is 20 MiB".
    return f"{source}: file too large ({size:,} bytes; the limit is {MAX_FILE_BYTES:,} bytes)"


def _check_counts(data: bytes, source: str) -> None:
    """Refuse data with more than MAX_NODES nodes or MAX_VALUES values in its first game.

    Counting ``;`` and ``[`` over the whole file bounds both from above at C
    speed; only when that bound is exceeded do we tokenise (without keeping
    tokens, and stopping at the first count over the cap).
    """
    if data.count(b";") <= MAX_NODES and data.count(b"[") <= MAX_VALUES:
        return
    m = _FIND_START.search(data)
    if m is None:
        return  # no game at all: the parser says so
    i, depth, nodes, values = m.start(), 0, 0, 0
    match = _TOKEN.match
    while True:
        t = match(data, i)
        if t is None:
            return
        i = t.end()
        kind = t.lastgroup
        if kind == "V":
            values += 1
            if values > MAX_VALUES:
                raise SgfError(f"{source}: too many property values (more than {MAX_VALUES})")
        elif kind == "D":
            d = data[i - 1]
            if d == 59:  # ;
                nodes += 1
                if nodes > MAX_NODES:
                    raise SgfError(f"{source}: too many nodes (more than {MAX_NODES})")
            elif d == 40:  # (
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    return


def _parse_coarse(data: bytes, source: str) -> sgf_grammar.Coarse_game_tree:
    try:
        return sgf_grammar.parse_sgf_game(data)
    except ValueError as e:
        text = _one_line(e)
        if text == "no SGF data found":
            raise SgfError(f"{source}: not an SGF file (no game tree '(;' found)") from None
        raise SgfError(f"{source}: malformed SGF ({text})") from None
    except (MemoryError, RecursionError):
        raise
    except Exception as e:  # sgfmill bug on odd input: still the input's fault
        raise SgfError(f"{source}: malformed SGF ({type(e).__name__}: {_one_line(e)})") from None


def _board_size(root: dict[str, list[bytes]], source: str) -> int:
    game = root.get("GM")
    if game is not None and game[0].strip() not in (b"", b"1"):
        # SGF FF[4] spec, property GM: 1 is Go; other numbers are other games (2 Othello, 3 chess ...).
        raise SgfError(f"{source}: not a Go record (GM[{_show(game[0])}]; Go is GM[1])")
    raw = root.get("SZ")
    if raw is None:
        return 19
    text = raw[0].strip()
    cols, colon, rows = text.partition(b":")
    if not cols.isdigit() or (colon and not rows.isdigit()):
        raise SgfError(f"{source}: bad board size SZ[{_show(raw[0])}] (a whole number from {MIN_SIZE} to {MAX_SIZE})")
    if colon and int(cols[:9]) != int(rows[:9]):
        raise SgfError(f"{source}: rectangular board SZ[{_show(raw[0])}] is not supported")
    if len(cols) > 9 or not MIN_SIZE <= int(cols) <= MAX_SIZE:
        raise SgfError(f"{source}: board size {_show(cols)} is not supported (use {MIN_SIZE} to {MAX_SIZE})")
    size = int(cols)
    # sgfmill reads SZ itself and cannot read "19:19": hand it the plain number.
    root["SZ"] = [str(size).encode("ascii")]
    return size


def _encoding(root: dict[str, list[bytes]]) -> str:
    """The root CA if Python knows it as an ASCII-compatible text codec, else ISO-8859-1.

    CA is free text, and Python's codec registry also holds binary transforms
    (``zlib``, ``base64``, ``rot13``) and codecs that refuse ``errors="replace"``
    (``idna``), which raise all sorts of exceptions: anything that does not
    decode printable ASCII (plus one bad byte) to itself is not used.
    """
    raw = root.get("CA")
    if raw is None:
        return "ISO-8859-1"
    try:
        name = raw[0].decode("ascii").strip()
        if name and getattr(codecs.lookup(name), "_is_text_encoding", True):
            decoded = (_ASCII_SAMPLE + b"\xff").decode(name, "replace")
            if decoded.startswith(_ASCII_SAMPLE.decode("ascii")):
                return sgf_properties.normalise_charset_name(name)
    except Exception:  # a codec's own failure, whatever its type: fall back
        pass
    return "ISO-8859-1"


# -- properties -------------------------------------------------------------------


def _from_fox(root: dict[str, list[bytes]]) -> bool:
    """Whether the record names Fox (foxwq) as its application (``AP[foxwq]`` or ``AP[foxwq:...]``;
    a record re-saved by another program may carry both AP values)."""
    return any(v.split(b":")[0].strip().lower() == b"foxwq" for v in root.get("AP", []))


def _komi(root: dict[str, list[bytes]], source: str) -> tuple[float | None, str | None, str | None]:
    """(komi in points or None, how a server's encoding was read, why the komi could not be read)."""
    raw = root.get("KM")
    if raw is None or not raw[0].strip():
        return None, None, None
    text = raw[0].strip()
    if _from_fox(root) and text.lstrip(b"-").isdigit() and len(text) <= 9:
        n = int(text)
        if n in _FOX_KOMI:
            komi = _FOX_KOMI[n]
            note = f"Fox's KM[{n}] read as {komi:g}" if komi != n else None
            return komi, note, None
        if abs(n) >= 100:
            known = ", ".join(f"KM[{k}] = {v:g}" for k, v in sorted(_FOX_KOMI.items(), key=lambda kv: kv[1]) if k >= 100)
            return None, None, (f"{source}: komi KM[{n}] of a Fox record (AP[foxwq]) is not an encoding Fox is known "
                                f"to write ({known}); it must be given by hand (--komi)")
    try:
        komi = float(text) if is_decimal(text.decode("ascii")) else None
    except (UnicodeDecodeError, ValueError):
        komi = None
    # float() also takes "nan", "inf", "infinity" and "6_5" (as 65): those are not numbers of points.
    if komi is None:
        raise SgfError(f"{source}: non-numeric komi '{_show(raw[0])}'")
    if not abs(komi) <= _KOMI_LIMIT:
        raise SgfError(f"{source}: komi '{_show(raw[0])}' is out of range (at most {_KOMI_LIMIT:g} either way)")
    return komi, None, None


def _handicap(root: dict[str, list[bytes]], size: int, source: str) -> int | None:
    raw = root.get("HA")
    if raw is None:
        return None
    text = raw[0].strip()
    if not text.isdigit() or len(text) > 9 or int(text) > size * size:
        raise SgfError(
            f"{source}: bad handicap HA[{_show(raw[0])}] (a whole number from 0 to {size * size})"
        )
    return int(text)


def _text(root: dict[str, list[bytes]], ident: str, encoding: str) -> str | None:
    raw = root.get(ident)
    if raw is None:
        return None
    text = sgf_grammar.simpletext_value(raw[0])
    try:
        return text.decode(encoding, "replace").strip()
    except Exception:  # a codec that passed _encoding's test and still fails
        return text.decode("ISO-8859-1").strip()


def _points(node: sgf.Node, ident: str, index: int, size: int, source: str) -> set[Point]:
    values = node.get_raw_list(ident) if node.has_property(ident) else None
    if values is None:
        return set()
    if len(values) > size * size:
        raise SgfError(f"{source}: node {index}: {ident} has {len(values)} values, more than the {size * size} points")
    try:
        return node.get(ident)  # AB[] (an empty list) is the empty set
    except ValueError:
        bad = next((v for v in values if not _is_point_list(node, [v])), values[0])
        raise SgfError(
            f"{source}: node {index}: bad {ident} value {ident}[{_show(bad)}]"
            f" (not a point or rectangle of the {size}x{size} board)"
        ) from None


def _is_point_list(node: sgf.Node, values: list[bytes]) -> bool:
    try:
        node.get_presenter().interpret("AB", values)
    except ValueError:
        return False
    return True


def _setup(node: sgf.Node, index: int, size: int, source: str) -> Setup | None:
    if not (node.has_setup_stones() or node.has_property("PL")):
        return None
    black = _points(node, "AB", index, size, source)
    white = _points(node, "AW", index, size, source)
    empty = _points(node, "AE", index, size, source)
    for (a, pa), (b, pb) in (
        (("AB", black), ("AW", white)),
        (("AB", black), ("AE", empty)),
        (("AW", white), ("AE", empty)),
    ):
        both = pa & pb
        if both:
            vertex = vertex_from_point(min(both))
            raise SgfError(f"{source}: node {index}: point {vertex} is in both {a} and {b}")
    to_play = None
    if node.has_property("PL"):
        try:
            to_play = Color(node.get("PL"))
        except ValueError:
            raw = node.get_raw("PL")
            raise SgfError(f"{source}: node {index}: bad PL value PL[{_show(raw)}] (B or W)") from None
    return Setup(
        node=index,
        black=tuple(sorted(black)),
        white=tuple(sorted(white)),
        empty=tuple(sorted(empty)),
        to_play=to_play,
    )


def _play(node: sgf.Node, index: int, size: int, source: str) -> Play | None:
    if node.has_property("B") and node.has_property("W"):
        raise SgfError(f"{source}: node {index}: both B and W in one node")
    for ident, color in (("B", Color.BLACK), ("W", Color.WHITE)):
        if not node.has_property(ident):
            continue
        values = node.get_raw_list(ident)
        if len(values) != 1:
            raise SgfError(f"{source}: node {index}: {ident} has {len(values)} values (a move has one)")
        try:
            move = node.get(ident)  # None for B[] and, up to 19x19, B[tt]
        except ValueError:
            raise SgfError(
                f"{source}: node {index}: bad move {ident}[{_show(values[0])}]"
                f" (not a point of the {size}x{size} board)"
            ) from None
        return Play(node=index, color=color, move=move)
    return None


# -- messages ---------------------------------------------------------------------


def _show(raw: bytes) -> str:
    """A raw value for a one-line message: printable, at most _SHOW characters."""
    text = raw.decode("ascii", "backslashreplace")
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= _SHOW else text[: _SHOW - 3] + "..."


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return text[:200] if text else type(e).__name__


# -- territory marks and the annotated copy (score --sgf-out) ------------------------


def _load_game(data: bytes, source: str) -> sgf.Sgf_game:
    """sgfmill's game for ``data`` after the same guards as :func:`parse_sgf`."""
    _check_counts(data, source)
    coarse = _parse_coarse(data, source)
    root = coarse.sequence[0]
    _board_size(root, source)
    try:
        return sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding=_encoding(root))
    except ValueError as e:
        raise SgfError(f"{source}: malformed SGF ({_one_line(e)})") from None


def read_territory_marks(path: str | os.PathLike[str]) -> tuple[frozenset[Point], frozenset[Point]]:
    """The ``TB`` and ``TW`` points of the last main-line node that has either (empty sets if none).

    KGS (CGoban) writes the players' agreed count there: territory marks,
    points under dead stones included (benchmarks.md 2.4).

    Raises SgfError as :func:`read_sgf` does, or if a mark is not a point.
    """
    record = read_sgf(path)  # the guards and the messages of read_sgf
    return _territory_marks(Path(path).read_bytes(), record)


def parse_territory_marks(data: bytes, source: str = "<sgf>") -> tuple[frozenset[Point], frozenset[Point]]:
    """:func:`read_territory_marks` for SGF ``data`` (bytes); raises SgfError as :func:`parse_sgf` does."""
    return _territory_marks(data, parse_sgf(data, source))


def _territory_marks(data: bytes, record: GameRecord) -> tuple[frozenset[Point], frozenset[Point]]:
    game = _load_game(data, record.source)
    tb: set[Point] = set()
    tw: set[Point] = set()
    for index, node in enumerate(game.get_main_sequence()):
        if node.has_property("TB") or node.has_property("TW"):
            tb = _points(node, "TB", index, record.size, record.source)
            tw = _points(node, "TW", index, record.size, record.source)
    return frozenset(tb), frozenset(tw)


def annotate_sgf(
    data: bytes,
    source: str,
    *,
    territory_black: Iterable[Point] = (),
    territory_white: Iterable[Point] = (),
    dead: Iterable[Point] = (),
    seki: Iterable[Point] = (),
    comment: str = "",
) -> bytes:
    """A copy of the SGF ``data`` with the ruling on the last node of its main line.

    Sets ``TB``/``TW`` (territory), ``MA`` (dead stones), ``CR`` (seki
    stones) on that node, replacing any there, and appends ``comment`` to its
    ``C``.  The record's own ``RE`` is kept (it is the players' result); the
    ruling's result belongs in the comment.  Everything else of the record
    (variations, other properties) is kept as sgfmill serialises it; only the
    first game of a collection is written.

    Raises SgfError if ``data`` is not a well-formed record (as :func:`parse_sgf`).
    """
    game = _load_game(bytes(data), source)
    node = game.get_last_node()
    for ident, points in (("TB", territory_black), ("TW", territory_white), ("MA", dead), ("CR", seki)):
        points = set(points)
        if node.has_property(ident):
            node.unset(ident)
        if points:
            node.set(ident, points)
    if comment:
        old = node.get("C") if node.has_property("C") else ""
        node.set("C", (old + "\n\n" if old else "") + comment)
    return game.serialise()


def check_annotated_output(input_path: str | os.PathLike[str], output_path: str | os.PathLike[str]) -> None:
    """Raise SgfError if :func:`write_annotated_sgf` could not write ``output_path`` (the input file,
    a directory, a folder that does not exist, a name the system refuses): call it before a long
    ruling so that such an output fails at once."""
    check_output(output_path, [input_path], SgfError, "choose another --sgf-out")


def write_annotated_sgf(
    input_path: str | os.PathLike[str],
    output_path: str | os.PathLike[str],
    **annotation,
) -> None:
    """Write :func:`annotate_sgf` of the file at ``input_path`` to ``output_path``, atomically.

    The copy goes to a temporary file in the output's folder, which is then
    renamed over ``output_path``: a reader never sees half a file, and a
    failure leaves any earlier ``output_path`` as it was.  ``annotation`` are
    the keyword arguments of :func:`annotate_sgf`.

    Raises
    ------
    SgfError
        If ``output_path`` is the input file (never overwritten), a
        directory, in a folder that does not exist, or cannot be written; or
        if the input cannot be read (as :func:`read_sgf`).
    """
    source = os.fsdecode(input_path)
    check_annotated_output(input_path, output_path)
    read_sgf(input_path)  # the guards and messages of the reader
    data = Path(input_path).read_bytes()
    write_atomic(annotate_sgf(data, source, **annotation), output_path, SgfError)
