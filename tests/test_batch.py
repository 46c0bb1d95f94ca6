"""``adjudicator batch``: folders, zip archives, broken records, resume, workers, timeouts.

Every run here starts real worker processes (spawn), so the inputs are small:
two KGS games from ``tests/data`` and a few tiny boards written by the tests.
The expected results are never written down: each is computed with
``adjudicator score``'s library path (:func:`adjudicator.report.score_file`)
on the same record.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import threading
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.analysis.life import Budget
from adjudicator.batch import (
    BatchReport,
    collect_sources,
    compare_results,
    load_results,
    render_summary,
    run_batch,
    score_source,
)
from adjudicator.cli import app
from adjudicator.errors import AdjudicatorError
from adjudicator.report import score_file
from adjudicator.sgfio import read_sgf

DATA = Path(__file__).parent / "data"
# Two of the quickest records of the sample (about 0.1 s of scoring each).
GAMES = [
    DATA / "kgs_sample" / "kgs-19-2017-04-new-2017-04-12-29.sgf",
    DATA / "kgs_sample" / "kgs-19-2015-2015-09-17-4.sgf",
]
# The slowest record of kgs_sample (1.5 s of scoring on the dev machine, three times the 0.5 s
# timeout below); pick another if a faster analysis brings it near the timeout.
SLOW = DATA / "kgs_sample" / "KGS2001-2001-07-01-2.sgf"
# Tiny finished games: a 5x5 game of two walls (White wins by komi), the same with a resignation RE.
TINY = b"(;SZ[5]KM[0.5]RE[W+0.5];B[bc];W[dc];B[bb];W[db];B[bd];W[dd];B[ba];W[da];B[be];W[de];B[];W[])"
TINY_RESIGN = TINY.replace(b"RE[W+0.5]", b"RE[W+R]")
BROKEN = b"(;SZ[19];B[pd];W[dp"  # cut off in the middle of a value
# The default budgets stop searches after seconds of wall clock, so verdicts can depend on the
# machine's load; comparisons with `score` use a small node limit only (deterministic and quick).
NODES_ONLY = Budget(nodes=500, seconds=120.0, total_seconds=120.0)


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def expected(path: Path) -> dict:
    """What the batch line of a good record must say, from ``adjudicator score``'s library path."""
    ruling = score_file(path, budget=NODES_ONLY)
    re_text = read_sgf(path).result_text
    return {
        "result": ruling.result,
        "re": re_text,
        "agreement": compare_results(ruling.result, re_text),
        "assumed": len(ruling.assumed),
        "decisive": len(ruling.decisive_assumed),
        "score": ruling.score.margin,
    }


@pytest.fixture
def inputs(tmp_path: Path) -> dict:
    """A folder (a game in a subfolder, a tiny game, a broken file, a text file) and a zip archive."""
    folder = tmp_path / "games"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(GAMES[0], folder / "sub" / "a.sgf")
    (folder / "tiny.SGF").write_bytes(TINY)
    (folder / "broken.sgf").write_bytes(BROKEN)
    (folder / "notes.txt").write_text("not a record")
    archive = tmp_path / "more.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(GAMES[1], "kgs/b.sgf")
        z.writestr("resigned.sgf", TINY_RESIGN)
        z.writestr("bad.sgf", b"this is not SGF")
        z.writestr("readme.txt", b"ignored")
    return {"folder": folder, "zip": archive, "tmp": tmp_path}


@pytest.mark.parametrize("jobs", [1, 2])
def test_folder_zip_and_broken_records(inputs, jobs):
    out = inputs["tmp"] / "results.jsonl"
    folder, archive = inputs["folder"], inputs["zip"]
    seen = []
    report = run_batch([folder, archive], out, jobs=jobs, budget=NODES_ONLY,
                       progress=lambda done, total, line: seen.append((done, total)))
    assert report.jobs == jobs

    got = {r["key"]: r for r in lines_of(out)}
    f, z = str(folder), str(archive)
    assert set(got) == {f"{f}/broken.sgf", f"{f}/sub/a.sgf", f"{f}/tiny.SGF",
                        f"{z}!kgs/b.sgf", f"{z}!resigned.sgf", f"{z}!bad.sgf"}
    assert report.processed == 6 and report.skipped == 0 and len(report.records) == 6
    assert seen[0] == (0, 6) and seen[-1] == (6, 6)

    # Good records say what `adjudicator score` says about the same record.
    for key, path in [(f"{f}/sub/a.sgf", GAMES[0]), (f"{z}!kgs/b.sgf", GAMES[1]), (f"{f}/tiny.SGF", None)]:
        line = got[key]
        assert line["status"] == "ok", line
        if path is None:
            path = inputs["tmp"] / "tiny-copy.sgf"
            path.write_bytes(TINY)
        want = expected(path)
        assert {k: line[k] for k in want} == want
        assert line["dead"] >= 0 and line["seki"] >= 0 and line["seconds"] >= 0
        assert set(line["territory"]) == {"black", "white"}
    assert got[f"{z}!resigned.sgf"]["re"] == "W+R"
    assert got[f"{z}!resigned.sgf"]["agreement"] == compare_results(got[f"{z}!resigned.sgf"]["result"], "W+R")

    # Broken records fail alone, with one line each.
    for key, words in [(f"{f}/broken.sgf", "malformed SGF"), (f"{z}!bad.sgf", "not an SGF file")]:
        line = got[key]
        assert line["status"] == "error" and words in line["error"] and "\n" not in line["error"]
    text = render_summary(report)
    assert report.to_dict()["failed"] == 2 and "failures (2):" in text
    assert f"\n  {f}/broken.sgf: " in text and "malformed SGF" in text


def test_resume_skips_done_records_and_redoes_a_truncated_line(inputs):
    out = inputs["tmp"] / "results.jsonl"
    folder = inputs["folder"]
    first = run_batch([folder], out, jobs=1, budget=NODES_ONLY)
    assert first.processed == 3
    before = out.read_bytes()

    again = run_batch([folder], out, jobs=1, budget=NODES_ONLY)
    assert (again.processed, again.skipped) == (0, 3)
    assert out.read_bytes() == before  # nothing appended, nothing rewritten
    assert [r["key"] for r in again.records] == [r["key"] for r in first.records]

    # A crash while writing the last line: half of it is on disk.
    lines = before.splitlines(keepends=True)
    cut = lines[-1][: len(lines[-1]) // 2]
    out.write_bytes(b"".join(lines[:-1]) + cut)
    lost = json.loads(lines[-1])["key"]
    resumed = run_batch([folder], out, jobs=1, budget=NODES_ONLY)
    assert (resumed.processed, resumed.skipped) == (1, 2)
    records = lines_of(out)
    assert sorted(r["key"] for r in records) == sorted(r["key"] for r in first.records)
    redone = [r for r in records if r["key"] == lost]
    assert redone and {k: v for k, v in redone[0].items() if k not in ("seconds", "cpu")} == {
        k: v for k, v in json.loads(lines[-1]).items() if k not in ("seconds", "cpu")}


def test_a_record_that_takes_too_long_is_stopped_and_the_batch_goes_on(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    shutil.copy(SLOW, folder / "1-slow.sgf")
    (folder / "2-tiny.sgf").write_bytes(TINY)
    out = tmp_path / "r.jsonl"
    report = run_batch([folder], out, jobs=1, timeout=0.5)
    got = {r["key"]: r for r in lines_of(out)}
    slow = got[str(folder / "1-slow.sgf")]
    assert slow["status"] == "error" and "timed out after 0.5 s" in slow["error"]
    assert got[str(folder / "2-tiny.sgf")]["status"] == "ok"
    assert "(1 timed out)" in render_summary(report)


def test_zip_guards(tmp_path):
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("big.sgf", TINY + b" " * 5000)  # compresses to little, unpacks to 5 kB
        z.writestr("small.sgf", TINY)
    sources = {s.key: s for s in collect_sources([archive], member_limit=1000)}
    assert sources[f"{archive}!big.sgf"].error is not None and "member too large" in sources[f"{archive}!big.sgf"].error
    assert sources[f"{archive}!small.sgf"].error is None
    [whole] = collect_sources([archive], max_members=1)
    assert whole.key == str(archive) and "more than the limit of 1" in whole.error

    not_zip = tmp_path / "fake.zip"
    not_zip.write_bytes(b"PK but no archive")
    [bad] = collect_sources([not_zip])
    assert "not a readable zip archive" in bad.error

    # Refused members become failure lines without any worker.
    out = tmp_path / "r.jsonl"
    report = run_batch([archive], out, jobs=1, max_members=1)
    assert [r["status"] for r in report.records] == ["error"] and report.processed == 1


def test_bad_batches_raise_before_any_work(tmp_path):
    game = tmp_path / "g.sgf"
    game.write_bytes(TINY)
    with pytest.raises(AdjudicatorError, match="no such file or folder"):
        run_batch([tmp_path / "missing"], tmp_path / "r.jsonl")
    with pytest.raises(AdjudicatorError, match="also an input"):
        run_batch([game], game)
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text("hello\n")
    with pytest.raises(AdjudicatorError, match="line 1 is not a batch result line"):
        run_batch([game], foreign)
    assert foreign.read_text() == "hello\n"  # never touched
    with pytest.raises(AdjudicatorError, match="unknown rule set"):
        run_batch([game], tmp_path / "r.jsonl", rules="chinese")
    # One spawned interpreter per record up to --jobs: '-j 100000' on a large folder started
    # thousands of processes on any machine.
    with pytest.raises(AdjudicatorError, match=r"--jobs 100000: at most \d+ \(4 per CPU"):
        run_batch([game], tmp_path / "r.jsonl", jobs=100_000)
    assert not (tmp_path / "r.jsonl").exists()


def test_results_under_other_rules_are_not_mixed(tmp_path):
    game = tmp_path / "g.sgf"
    game.write_bytes(TINY)
    out = tmp_path / "r.jsonl"
    out.write_text(json.dumps({"key": str(game), "status": "ok", "rules": "j1989"}) + "\n")
    with pytest.raises(AdjudicatorError, match="under the rules j1989"):
        run_batch([game], out, rules="japanese")


def test_load_results_keeps_a_complete_last_line_without_newline(tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_bytes(b'{"key": "a", "status": "ok"}\n{"key": "b", "status": "ok"}')
    assert [r["key"] for r in load_results(out)] == ["a", "b"]
    assert out.read_bytes().endswith(b'"ok"}\n')
    assert load_results(tmp_path / "none.jsonl") == []


def test_compare_results():
    assert compare_results("B+6.5", "B+6.50") == "exact"
    assert compare_results("B+6.5", "b+6.5") == "exact"
    assert compare_results("B+3.5", "B+6.50") == "same-winner"
    assert compare_results("W+0.5", "W+Resign") == "same-winner"
    assert compare_results("0", "0") == "exact"
    assert compare_results("0", "B+0.5") == "different-winner"
    assert compare_results("B+1", "?") == compare_results("B+1", "Void") == "not-comparable"
    assert compare_results("B+1", "B+lots") == "not-comparable"


def test_summary_counts(tmp_path):
    records = [
        {"key": "a", "status": "ok", "agreement": "exact", "assumed": 2, "decisive": 1, "cpu": 0.5},
        {"key": "b", "status": "ok", "agreement": "same-winner", "assumed": 0, "cpu": 0.5},
        {"key": "c", "status": "ok", "agreement": "not-comparable", "assumed": 1, "cpu": 0.5},
        {"key": "d", "status": "error", "error": "d: broken"},
    ]
    report = BatchReport(records=records, processed=4, skipped=0, seconds=2.0, jobs=2, out="r.jsonl", cores=2)
    d = report.to_dict()
    assert (d["records"], d["ok"], d["failed"], d["assumed"]) == (4, 3, 1, 3)
    assert d["decisive_records"] == 1
    assert d["agreement"] == {"exact": 1, "same-winner": 1, "different-winner": 0, "not-comparable": 1}
    assert (d["games_per_second"], d["games_per_second_per_core"]) == (2.0, 1.0)
    text = render_summary(report)
    assert "1 of 2 comparable (50.0 %)" in text and "2 of 2 comparable (100.0 %)" in text
    assert "2.00 games/s, 1.00 per core (failed records counted" in text and "\n  d: broken" in text
    clean = render_summary(BatchReport(records=records[:3], processed=3, skipped=0, seconds=1.0, jobs=1,
                                       out="r.jsonl", cores=2))
    assert "3.00 games/s, 3.00 per core\n" in clean + "\n" and "failed records counted" not in clean


def test_cli_batch(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "t.sgf").write_bytes(TINY)
    (folder / "x.sgf").write_bytes(BROKEN)
    out = tmp_path / "r.jsonl"
    runner = CliRunner()
    result = runner.invoke(app, ["batch", str(folder), "--out", str(out), "--jobs", "1", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "batch summary" in result.stdout and "malformed SGF" in result.stdout
    assert len(lines_of(out)) == 2
    again = runner.invoke(app, ["batch", str(folder), "-o", str(out), "-j", "2"])  # with the progress bar
    assert again.exit_code == 0, again.output
    assert "2 (0 scored now, 2 already in" in again.stdout and len(lines_of(out)) == 2

    missing = runner.invoke(app, ["batch", str(tmp_path / "nope"), "--out", str(out)])
    assert missing.exit_code == 1 and missing.stderr.startswith("error: ") and "no such file" in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1
    zero = runner.invoke(app, ["batch", str(folder), "--out", str(out), "--jobs", "0"])
    assert zero.exit_code == 1 and "--jobs must be at least 1" in zero.stderr


def _worker_pids() -> list[int]:
    """Worker processes of this process (Linux /proc): the spawned children running spawn_main."""
    pids = []
    for children in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        for pid in children.read_text().split():
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in cmdline:
                pids.append(int(pid))
    return pids


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc to find the workers")
def test_a_worker_that_dies_fails_its_record_and_is_replaced(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "1-tiny.sgf").write_bytes(TINY)
    shutil.copy(SLOW, folder / "2-slow.sgf")
    (folder / "3-tiny.sgf").write_bytes(TINY)
    killed = []

    def kill_soon(done, total, line):
        if done == 1:  # the worker is now on the slow record: kill it in the middle of it
            def kill():
                for pid in _worker_pids():
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
            threading.Timer(0.5, kill).start()

    report = run_batch([folder], tmp_path / "r.jsonl", jobs=1, progress=kill_soon)
    got = {r["key"]: r for r in report.records}
    assert killed
    slow = got[str(folder / "2-slow.sgf")]
    assert slow["status"] == "error" and "the worker process died (exit code -9)" in slow["error"]
    assert got[str(folder / "3-tiny.sgf")]["status"] == "ok"


def test_a_record_with_an_illegal_move_is_an_error_line(tmp_path):
    # As `adjudicator score`: skipping the move would count a position that is not the game's.
    path = tmp_path / "illegal.sgf"
    path.write_bytes(b"(;SZ[9]KM[6.5];B[ee];W[ee];B[dd])")
    (source,) = collect_sources([path])
    line = score_source(source)
    assert line["status"] == "error" and "move 2: white E5: point is occupied" in line["error"]


def test_a_batch_stopped_by_sigterm_says_so_in_one_line_and_leaves_no_worker(tmp_path):
    # A service manager or `kill` stops a batch with SIGTERM: the same one-line message and exit
    # code as Ctrl-C (130), the records done so far kept, no traceback from the parent or from a
    # worker whose parent went away, and no worker left running.
    import subprocess
    import sys
    import time

    games = tmp_path / "games"
    games.mkdir()
    for k in range(60):
        shutil.copy(DATA / "kgs-2017-even.sgf", games / f"g{k:02d}.sgf")
    out = tmp_path / "results.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "adjudicator", "batch", str(games), "-o", str(out), "-j", "2",
                             "--no-progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (out.exists() and out.read_text().count("\n") >= 2):
        time.sleep(0.1)
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=60)
    err = stderr.decode()
    assert proc.returncode == 130, err
    assert "error: interrupted; the records done so far are in" in err and "Traceback" not in err
    done = out.read_text().splitlines()
    assert 2 <= len(done) < 60 and all(json.loads(line)["status"] == "ok" for line in done)
    time.sleep(1)
    left = subprocess.run(["pgrep", "-f", str(out)], capture_output=True, text=True).stdout.split()
    assert left == []


def _batch_process(args: list[str], timeout: float = 30) -> "subprocess.CompletedProcess[str]":
    """``python -m adjudicator batch ...`` under a 1 GiB address-space limit (an endless read fails fast)."""
    import resource
    import subprocess
    import sys

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run([sys.executable, "-m", "adjudicator", "batch", *args, "--no-progress", "-j", "1"],
                          capture_output=True, text=True, timeout=timeout, preexec_fn=limit,
                          cwd=Path(__file__).parent.parent)


def test_results_into_a_pipe_are_appended_without_reading_it(tmp_path):
    # The output was read first for the lines already done: a FIFO blocked forever, /dev/zero filled memory.
    game = tmp_path / "t.sgf"
    game.write_bytes(TINY)
    fifo = tmp_path / "results.pipe"
    os.mkfifo(fifo)
    both = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # reader and writer: neither open of the batch blocks
    try:
        proc = _batch_process([str(game), "-o", str(fifo)])
        assert proc.returncode == 0, proc.stderr
        (line,) = [json.loads(text) for text in os.read(both, 1 << 16).decode().splitlines()]
        assert line["key"] == str(game) and line["status"] == "ok"
    finally:
        os.close(both)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_results_file_that_cannot_take_a_line_is_one_error_line(tmp_path):
    game = tmp_path / "t.sgf"
    game.write_bytes(TINY)
    proc = _batch_process([str(game), "-o", "/dev/full"])
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout == "" and proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("error: /dev/full: cannot write the results file (No space left on device)")


def test_a_record_margin_that_is_not_a_decimal_number_is_not_compared():
    """RE[B+6_5] is no margin of 6.5 (nor 65, which float() reads): the result is not comparable.

    Found by the bad-input audit of session 29 (rules.is_decimal already guards the komi readers)."""
    assert compare_results("B+65", "B+6_5") == "not-comparable"
    assert compare_results("B+6.5", "B+6_5") == "not-comparable"
    assert compare_results("B+6.5", "B+\u0666.5") == "not-comparable"
    assert compare_results("B+6.5", "B+6.5") == "exact"
