"""Replay speed and correctness: our engine against sgfmill's ``boards.Board``.

Replays every KGS record (``../shared/data/games/kgs`` by default) twice in the
same process: once with ``adjudicator.history.replay`` (our bitboards, with
suicide, basic ko, long-cycle and stop bookkeeping) and once with sgfmill's own
board (setup plus ``Board.play`` per move, no ko or suicide checks, nothing
else timed).  A third, untimed sgfmill replay counts captures for the check.  SGF parsing is done once,
before timing, for both.  Checks that both give the same final position and the
same prisoner counts, and prints games/s, median and p95 per-game time and the
ratio ours / sgfmill (< 1.0 means we are faster).

    python benchmarks/replay.py [--data DIR] [--limit N] [--repeat R]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

from sgfmill import boards, sgf, sgf_moves

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.history import replay  # noqa: E402
from adjudicator.rules import AJR  # noqa: E402
from adjudicator.sgfio import parse_sgf  # noqa: E402


def sgfmill_plain(game: sgf.Sgf_game) -> boards.Board:
    """The timed sgfmill replay: setup and ``Board.play`` for every move, nothing else."""
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
    return board


def sgfmill_replay(game: sgf.Sgf_game) -> tuple[boards.Board, tuple[int, int]]:
    """Untimed check replay that also counts the stones each colour captured."""
    board, plays = sgf_moves.get_setup_and_moves(game)
    captured = {"b": 0, "w": 0}
    for colour, move in plays:
        if move is None:
            continue
        before = len(board.list_occupied_points())
        row, col = move
        board.play(row, col, colour)
        removed = before + 1 - len(board.list_occupied_points())
        captured[colour] += removed
    return board, (captured["b"], captured["w"])


def rows_of(board: boards.Board) -> list[str]:
    size = board.side
    out = []
    for r in range(size - 1, -1, -1):
        out.append("".join({"b": "X", "w": "O", None: "."}[board.get(r, c)] for c in range(size)))
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=pathlib.Path, default=ROOT.parent / "shared" / "data" / "games" / "kgs")
    parser.add_argument("--limit", type=int, default=0, help="replay only the first N records (0 = all)")
    parser.add_argument("--repeat", type=int, default=1, help="time each replay R times, keep the best")
    args = parser.parse_args(argv)

    files = sorted(args.data.rglob("*.sgf"))
    if args.limit:
        files = files[: args.limit]
    if not files:
        print(f"no SGF files under {args.data}", file=sys.stderr)
        return 1

    ours_t, theirs_t, mismatches, illegal = [], [], [], 0
    for path in files:
        data = path.read_bytes()
        record = parse_sgf(data, str(path))
        game = sgf.Sgf_game.from_bytes(data)
        best_ours = best_theirs = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            result = replay(record, AJR)
            t1 = time.perf_counter()
            sgfmill_plain(game)
            t2 = time.perf_counter()
            best_ours = min(best_ours, t1 - t0)
            best_theirs = min(best_theirs, t2 - t1)
        board, caps = sgfmill_replay(game)
        ours_t.append(best_ours)
        theirs_t.append(best_theirs)
        illegal += len(result.illegal_moves())
        if result.final.to_rows() != rows_of(board) or result.prisoners != caps:
            mismatches.append(path)

    n = len(files)
    total_ours, total_theirs = sum(ours_t), sum(theirs_t)
    print(f"records: {n} from {args.data}")
    print(f"illegal moves found by our replay: {illegal}")
    print(f"final position or prisoners differing from sgfmill: {len(mismatches)}")
    for path in mismatches[:10]:
        print(f"  mismatch: {path}")
    print(f"{'':14}{'games/s':>10}{'median ms':>12}{'p95 ms':>10}{'total s':>10}")
    for name, times, total in (("adjudicator", ours_t, total_ours), ("sgfmill", theirs_t, total_theirs)):
        print(
            f"{name:14}{n / total:10.1f}{statistics.median(times) * 1e3:12.2f}"
            f"{percentile(times, 0.95) * 1e3:10.2f}{total:10.2f}"
        )
    print(f"ratio adjudicator/sgfmill (total time): {total_ours / total_theirs:.2f}")
    return 1 if mismatches or illegal else 0


if __name__ == "__main__":
    sys.exit(main())
