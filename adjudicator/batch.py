"""Batch adjudication: many records, parallel workers, one JSON line per record.

The library side of ``adjudicator batch`` (``cli.py`` only parses options and
prints).  :func:`run_batch` takes SGF files, folders (searched recursively
for ``*.sgf``) and zip archives of SGF files, scores every record the way
``adjudicator score`` does (:func:`adjudicator.ruling.adjudicate` with the
proposed fill), and appends one JSON line per record to the output file:

- **resumable**: records whose ``key`` (the file's path, or
  ``ARCHIVE.zip!MEMBER``) is already in the output are skipped; new lines are
  appended.  A last line cut short by a crash is dropped (the file is
  rewritten without it, atomically) and its record is done again;
- **parallel**: ``jobs`` worker processes started with the ``spawn`` method
  (the same on Linux, macOS and Windows; no state is inherited from the
  parent), each scoring one record at a time;
- **bounded**: the life analysis has its own node and time budgets; on top
  of that a record that takes longer than ``timeout`` seconds has its worker
  killed and replaced, and the record becomes a failure
  ``timed out after 60 s``;
- **fault tolerant**: a broken record (bad SGF, a bug in adjudicator, a
  worker that dies) becomes a line with ``"status": "error"`` and a one-line
  message; the batch goes on.

Zip archives are read in memory, never extracted.  Guards against zip bombs:
a member larger than ``member_limit`` (default
:data:`adjudicator.sgfio.MAX_FILE_BYTES`, the size guard of single SGF files)
is refused from its declared size and again while it is read, and an archive
with more than ``max_members`` (default :data:`MAX_ZIP_MEMBERS`) SGF members
is refused as a whole.

Nothing here imports typer; :class:`RichProgress` draws the progress bar
with ``rich``.  The line format is documented in ``docs/batch.md``.
"""

from __future__ import annotations

import collections
import json
import multiprocessing
import multiprocessing.connection
import os
import signal
import stat
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .agreement import agreement_from_marks
from .analysis.life import Budget
from .errors import AdjudicatorError, SgfError
from .history import replay
from .ruling import adjudicate, compare_results
from .rules import RULESETS, RuleSet, parse_ruleset
from .sgfio import MAX_FILE_BYTES, parse_sgf, parse_territory_marks, read_sgf, read_territory_marks

__all__ = [
    "MAX_ZIP_MEMBERS",
    "DEFAULT_TIMEOUT",
    "LINE_FORMAT",
    "Source",
    "BatchReport",
    "collect_sources",
    "compare_results",
    "score_source",
    "load_results",
    "run_batch",
    "render_summary",
    "RichProgress",
]

#: Most SGF members read from one zip archive; an archive with more is refused.
MAX_ZIP_MEMBERS = 100_000
#: Seconds one record may take (read, replay, analysis, fill, count) before its worker is killed.
#: Scoring a KGS game took a median of ~0.2 s, p95 ~2.6 s and at most ~13 s in the last
#: measurement (docs/batch.md), so 60 s only stops records that would otherwise hang a worker.
DEFAULT_TIMEOUT = 60.0
#: Most worker processes per CPU (``--jobs``): scoring is CPU-bound, and each worker is a process.
JOBS_PER_CPU = 4
#: Version of the JSON line; bumped when a field changes meaning or goes away.
LINE_FORMAT = 1

_STARTUP_SECONDS = 120.0  # a worker that has not reported "ready" by then is broken
_MAX_START_FAILURES = 3  # workers that die before they are ready, before the batch gives up


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


# -- finding the records ---------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """One record to score.

    Fields
    ------
    key : str
        What identifies the record in the output: the file's path (normalised
        with :func:`os.path.normpath`, otherwise as given), or
        ``ARCHIVE!MEMBER`` for a member of a zip archive.
    path : str
        The SGF file, or the zip archive.
    member : str or None
        The member's name inside the archive.
    error : str or None
        Set when the record is known to be unreadable before any work (an
        archive that is not a zip file, a member over the size limit): it
        becomes a failure line with this message.
    """

    key: str
    path: str
    member: str | None = None
    error: str | None = None


def _is_sgf_name(name: str) -> bool:
    return name.lower().endswith(".sgf")


def _archive_sources(path: str, *, max_members: int, member_limit: int) -> list[Source]:
    try:
        with zipfile.ZipFile(path) as archive:
            infos = [i for i in archive.infolist() if not i.is_dir() and _is_sgf_name(i.filename)]
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as e:
        return [Source(path, path, None, f"{path}: not a readable zip archive ({_one_line(e)})")]
    if len(infos) > max_members:
        return [Source(path, path, None,
                       f"{path}: {len(infos)} SGF members, more than the limit of {max_members} per archive")]
    out = []
    seen = set()
    for info in infos:
        name = info.filename
        if name in seen:  # a repeated name: only the first is reachable by name
            continue
        seen.add(name)
        key = f"{path}!{name}"
        error = None
        if info.file_size > member_limit:
            error = f"{key}: member too large ({info.file_size} bytes uncompressed; the limit is {member_limit})"
        out.append(Source(key, path, name, error))
    return out


def collect_sources(
    paths: Iterable[str | os.PathLike[str]],
    *,
    max_members: int = MAX_ZIP_MEMBERS,
    member_limit: int = MAX_FILE_BYTES,
) -> list[Source]:
    """The records named by ``paths``, in order, each once.

    A folder contributes its ``*.sgf`` files (any case of the suffix), searched
    recursively in sorted order, symbolic links to folders not followed.  A
    file is read as a zip archive when its name ends in ``.zip`` or its
    content is a zip archive, and as one SGF record otherwise.  An archive
    contributes its ``*.sgf`` members in archive order.

    Raises
    ------
    AdjudicatorError
        If a path does not exist (nothing has been run yet).
    """
    out: list[Source] = []
    for raw in paths:
        path = os.path.normpath(os.fsdecode(raw))
        if os.path.isdir(path):
            walk_errors: list[OSError] = []
            for folder, dirs, files in os.walk(path, onerror=walk_errors.append):
                dirs.sort()
                out.extend(Source(os.path.join(folder, f), os.path.join(folder, f))
                           for f in sorted(files) if _is_sgf_name(f))
            for e in walk_errors:
                where = os.fsdecode(e.filename) if e.filename is not None else path
                out.append(Source(where, where, None, f"{where}: cannot read folder ({e.strerror or e})"))
        elif os.path.isfile(path):
            if path.lower().endswith(".zip") or zipfile.is_zipfile(path):
                out.extend(_archive_sources(path, max_members=max_members, member_limit=member_limit))
            else:
                out.append(Source(path, path))
        elif os.path.exists(path):
            out.append(Source(path, path))  # a FIFO or device: read_sgf reports what it is
        else:
            raise AdjudicatorError(f"{path}: no such file or folder")
    unique: dict[str, Source] = {}
    for s in out:
        unique.setdefault(s.key, s)
    return list(unique.values())


# -- scoring one record ------------------------------------------------------------------


def _rules_label(ruleset: RuleSet) -> str:
    """The preset name, plus ``,axis=value`` for every axis that differs from it (parse_ruleset reads it)."""
    preset = RULESETS.get(ruleset.name)
    if preset is None:
        return ruleset.name
    ours, base = ruleset.to_dict(), preset.to_dict()
    return ",".join([ruleset.name] + [f"{k}={v}" for k, v in ours.items() if k != "name" and v != base[k]])


def _read_member(source: Source, member_limit: int, archives: dict[str, zipfile.ZipFile] | None) -> bytes:
    archive = archives.get(source.path) if archives is not None else None
    if archive is None:
        try:
            archive = zipfile.ZipFile(source.path)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as e:
            raise SgfError(f"{source.key}: cannot open the archive ({_one_line(e)})") from None
        if archives is not None:
            if len(archives) >= 4:  # keep a few open: members come in archive order
                archives.pop(next(iter(archives))).close()
            archives[source.path] = archive
    try:
        info = archive.getinfo(source.member or "")
        if info.file_size > member_limit:
            raise SgfError(f"{source.key}: member too large ({info.file_size} bytes uncompressed; "
                           f"the limit is {member_limit})")
        with archive.open(info) as f:
            data = f.read(member_limit + 1)  # never more than the limit, whatever the header says
    except KeyError:
        raise SgfError(f"{source.key}: no such member in the archive") from None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as e:
        raise SgfError(f"{source.key}: cannot read the member ({_one_line(e)})") from None
    if len(data) > member_limit:
        raise SgfError(f"{source.key}: member too large (more than {member_limit} bytes uncompressed)")
    return data


def score_source(
    source: Source,
    rules: RuleSet | str = "japanese",
    budget: Budget = Budget(),
    *,
    member_limit: int = MAX_FILE_BYTES,
    archives: dict[str, zipfile.ZipFile] | None = None,
    agreed: bool = False,
) -> dict[str, Any]:
    """Score one record and give its output line as a dict (never raises for bad input).

    What the worker processes run; also usable on its own.  ``archives`` is a
    cache of open zip archives (by path) that the caller closes.

    On success the line holds ``key``, ``status`` ``"ok"``, ``result`` (SGF
    ``RE`` syntax), ``re`` (the record's ``RE`` or None), ``agreement`` (see
    :func:`compare_results`), ``assumed`` (strings with assumed verdicts),
    ``decisive`` (assumed verdicts whose reversal alone changes the winner),
    ``open_area`` (points in open areas: the game looks unfinished, see
    :func:`adjudicator.scoring.open_areas`), ``seconds`` (wall), ``cpu`` (processor seconds of the worker), ``score``
    (Black minus White, komi included), ``dead`` (stones removed as
    prisoners), ``seki`` (stones left without territory), ``territory``
    (points per colour), ``summary``, ``rules`` and ``format``.  On failure:
    ``key``, ``status`` ``"error"``, ``error`` (one line), ``seconds``,
    ``cpu`` (absent when the worker was stopped), ``rules``.

    With ``agreed`` the unproven verdicts of a record with territory marks
    (``TB``/``TW``, the players' count as KGS writes it) are settled by them
    (:mod:`adjudicator.agreement`), and the line adds ``settled_by``
    (``"marks"``, or None for a record without marks), ``agreed`` (strings
    settled) and ``marks_vs_proof`` (vertices of proven strings whose marks
    say otherwise: the proof is followed).
    """
    start, cpu = time.perf_counter(), time.process_time()
    ruleset = rules if isinstance(rules, RuleSet) else parse_ruleset(rules)
    label = _rules_label(ruleset)
    try:
        if source.error is not None:
            raise SgfError(source.error)
        agreement = None
        if source.member is None:
            record = read_sgf(source.path)
            marks = read_territory_marks(source.path) if agreed else None
        else:
            data = _read_member(source, member_limit, archives)
            record = parse_sgf(data, source.key)
            marks = parse_territory_marks(data, source.key) if agreed else None
        replayed = replay(record, ruleset, strict=True)  # an illegal move is an error line
        if marks is not None and (marks[0] or marks[1]):
            agreement = agreement_from_marks(replayed.final, *marks)
        ruling = adjudicate(replayed, budget=budget, agreement=agreement)
        score = ruling.score
        re_text = record.result_text
        return {
            "key": source.key,
            "status": "ok",
            "result": ruling.result,
            "re": re_text,
            "agreement": compare_results(ruling.result, re_text),
            "assumed": len(ruling.assumed),
            "decisive": len(ruling.decisive_assumed),
            "open_area": sum(area.bit_count() for area in ruling.open_areas),
            "seconds": round(time.perf_counter() - start, 3),
            "cpu": round(time.process_time() - cpu, 3),
            "score": score.margin,
            "dead": (score.removed[0] | score.removed[1]).bit_count(),
            "seki": score.seki.bit_count(),
            "territory": {"black": score.territory[0].bit_count(), "white": score.territory[1].bit_count()},
            "summary": ruling.summary,
            **({"settled_by": "marks" if agreement is not None else None, "agreed": len(ruling.agreed),
                "marks_vs_proof": list(ruling.conflicts)} if agreed else {}),
            "rules": label,
            "format": LINE_FORMAT,
        }
    except AdjudicatorError as e:
        message = _one_line(e)
    except RecursionError:
        message = "internal error: RecursionError: maximum recursion depth exceeded"
    except Exception as e:  # a bug in adjudicator: reported for this record, the batch goes on
        message = f"internal error: {type(e).__name__}: {_one_line(e)}"
    return _error_line(source.key, message, time.perf_counter() - start, label, time.process_time() - cpu)


def _error_line(key: str, message: str, seconds: float, label: str, cpu: float | None = None) -> dict[str, Any]:
    line = {"key": key, "status": "error", "error": message, "seconds": round(seconds, 3)}
    if cpu is not None:
        line["cpu"] = round(cpu, 3)
    line.update(rules=label, format=LINE_FORMAT)
    return line


# -- the output file ---------------------------------------------------------------------


def load_results(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The result lines already in the output file (none if it does not exist).

    A last line without its newline (a crash while writing) is dropped, and
    the file is rewritten without it (temporary file, then rename); if that
    line happens to be complete JSON it is kept and only the newline is added.
    A pipe or a device (``/dev/null``, a FIFO) holds no earlier results and is
    not read: reading a FIFO waits for a writer, ``/dev/zero`` never ends.

    Raises
    ------
    AdjudicatorError
        If the file cannot be read, or a complete line is not a result line
        (a JSON object with a ``key``): the file is then not ours to append to.
    """
    name = os.fsdecode(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return []
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return []
    except OSError as e:
        raise AdjudicatorError(f"{name}: cannot read the results file ({e.strerror or e})") from None
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        record = _result_line(line)
        if record is None:
            raise AdjudicatorError(
                f"{name}: line {number} is not a batch result line; refusing to append to it (use another --out)")
        records.append(record)
    if tail.strip():
        record = _result_line(tail)
        keep = data if record is not None else data[: len(data) - len(tail)]
        if record is not None:
            records.append(record)
            keep += b"\n"
        _rewrite(path, keep)
    return records


def _result_line(line: bytes) -> dict[str, Any] | None:
    try:
        record = json.loads(line)
    except ValueError:
        return None
    if not isinstance(record, dict) or not isinstance(record.get("key"), str):
        return None
    return record


def _rewrite(path: str | os.PathLike[str], data: bytes) -> None:
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# -- the workers ---------------------------------------------------------------------------


def _worker_main(conn, rules_text: str, budget: Budget, member_limit: int, agreed: bool = False) -> None:
    """Body of a worker process: score the sources it is sent until it gets None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's business
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a stopped batch stops its workers quietly
    ruleset = parse_ruleset(rules_text)
    archives: dict[str, zipfile.ZipFile] = {}
    try:
        conn.send(("ready", os.getpid()))
        while True:
            try:
                task = conn.recv()
            except (EOFError, OSError):
                return
            if task is None:
                return
            index, source = task
            result = score_source(source, ruleset, budget, member_limit=member_limit, archives=archives,
                                  agreed=agreed)
            try:
                conn.send((index, result))
            except OSError:  # BrokenPipeError included: the parent is gone (killed), nobody waits for it
                return
    except OSError:
        return  # the parent went away before the first message
    finally:
        for archive in archives.values():
            archive.close()


class _Worker:
    """A worker process, its end of the pipe and the task it is working on."""

    def __init__(self, ctx, rules_text: str, budget: Budget, member_limit: int, agreed: bool = False) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(child, rules_text, budget, member_limit, agreed),
                                   name="adjudicator-batch", daemon=True)
        self.process.start()
        child.close()
        self.started = time.monotonic()
        self.ready = False
        self.task: tuple[int, Source] | None = None
        self.since = 0.0  # when the task was sent

    def send(self, index: int, source: Source) -> None:
        self.conn.send((index, source))
        self.task = (index, source)
        self.since = time.monotonic()

    def stop(self, *, kill: bool = False) -> None:
        if not kill and self.process.is_alive():
            try:
                self.conn.send(None)
            except (OSError, ValueError):
                kill = True
            else:
                self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()
        self.process.close()


def _pool_run(
    sources: Sequence[Source],
    jobs: int,
    rules_text: str,
    budget: Budget,
    timeout: float,
    member_limit: int,
    emit: Callable[[dict[str, Any]], None],
    agreed: bool = False,
) -> None:
    """Score ``sources`` on ``jobs`` spawned workers and ``emit`` each line as it comes."""
    ctx = multiprocessing.get_context("spawn")
    pending = collections.deque(enumerate(sources))
    label = _rules_label(parse_ruleset(rules_text))
    workers = [_Worker(ctx, rules_text, budget, member_limit, agreed) for _ in range(min(jobs, len(sources)))]
    start_failures = 0
    try:
        while pending or any(w.task is not None for w in workers):
            for w in workers:
                if w.ready and w.task is None and pending:
                    w.send(*pending.popleft())
            now = time.monotonic()
            deadlines = [w.since + timeout for w in workers if w.task is not None]
            deadlines += [w.started + _STARTUP_SECONDS for w in workers if not w.ready]
            wait = max(0.0, min(deadlines) - now) if deadlines else None
            handles = [w.conn for w in workers] + [w.process.sentinel for w in workers]
            ready = set(multiprocessing.connection.wait(handles, timeout=wait))
            now = time.monotonic()
            for w in list(workers):
                died = None
                if w.conn in ready:
                    try:
                        message = w.conn.recv()
                    except (EOFError, OSError):
                        message = None
                    if message is None:
                        died = "died"
                    elif message[0] == "ready":
                        w.ready = True
                        continue
                    else:
                        emit(message[1])
                        w.task = None
                        continue
                elif w.process.sentinel in ready:
                    died = "died"
                elif w.task is not None and now - w.since > timeout:
                    died = "timeout"
                elif not w.ready and now - w.started > _STARTUP_SECONDS:
                    died = "startup"
                if died is None:
                    continue
                if died == "died":
                    w.process.join(0.5)  # reap it, for the exit code
                code = w.process.exitcode
                task, was_ready, since = w.task, w.ready, w.since
                workers.remove(w)
                w.stop(kill=True)
                if task is not None:
                    _, source = task
                    if died == "timeout":
                        message = (f"{source.key}: timed out after {timeout:g} s (the per-record limit, "
                                   f"--timeout); the worker was stopped")
                    else:
                        message = f"{source.key}: the worker process died (exit code {code}) while scoring it"
                    emit(_error_line(source.key, message, now - since, label))
                if not was_ready:
                    start_failures += 1
                    if start_failures >= _MAX_START_FAILURES:
                        raise AdjudicatorError(
                            f"batch workers fail to start (exit code {code}); a script that calls run_batch must "
                            f"guard its top level with if __name__ == '__main__' (docs/batch.md)")
                if pending:
                    workers.append(_Worker(ctx, rules_text, budget, member_limit, agreed))
    finally:
        for w in workers:
            try:
                w.stop(kill=w.task is not None)
            except (OSError, ValueError):
                pass


# -- the batch --------------------------------------------------------------------------------


@dataclass
class BatchReport:
    """What :func:`run_batch` did.

    Fields
    ------
    records : list of dict
        One result line per source, in the order of the sources (earlier
        results from the output file included).
    processed : int
        Records scored in this run.
    skipped : int
        Records already in the output file (resumed).
    seconds : float
        Wall time of this run.
    jobs : int
        Worker processes used.
    out : str
        The output file.
    """

    records: list[dict[str, Any]]
    processed: int
    skipped: int
    seconds: float
    jobs: int
    out: str
    cores: int = field(default_factory=lambda: os.cpu_count() or 1)

    @property
    def ok(self) -> list[dict[str, Any]]:
        return [r for r in self.records if r.get("status") == "ok"]

    @property
    def failed(self) -> list[dict[str, Any]]:
        return [r for r in self.records if r.get("status") != "ok"]

    @property
    def games_per_second(self) -> float:
        return self.processed / self.seconds if self.seconds > 0 else 0.0

    @property
    def per_core(self) -> float:
        """Games per second per core used (workers, at most the machine's cores)."""
        used = max(1, min(self.jobs, self.cores))
        return self.games_per_second / used

    def to_dict(self) -> dict[str, Any]:
        agreement = collections.Counter(r.get("agreement") for r in self.ok)
        return {
            "records": len(self.records),
            "ok": len(self.ok),
            "failed": len(self.failed),
            "agreement": {k: agreement.get(k, 0)
                          for k in ("exact", "same-winner", "different-winner", "not-comparable")},
            "assumed": sum(int(r.get("assumed") or 0) for r in self.ok),
            "decisive_records": sum(1 for r in self.ok if r.get("decisive")),
            "open_area_records": sum(1 for r in self.ok if r.get("open_area")),
            "processed": self.processed,
            "skipped": self.skipped,
            "cpu_seconds": round(sum(float(r.get("cpu") or 0) for r in self.records), 3),
            "seconds": round(self.seconds, 3),
            "jobs": self.jobs,
            "games_per_second": round(self.games_per_second, 3),
            "games_per_second_per_core": round(self.per_core, 3),
            **({"settled_by_marks": sum(1 for r in self.ok if r.get("settled_by") == "marks"),
                "marks_vs_proof_records": sum(1 for r in self.ok if r.get("marks_vs_proof"))}
               if any("settled_by" in r for r in self.ok) else {}),
        }


def run_batch(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    jobs: int | None = None,
    rules: RuleSet | str = "japanese",
    budget: Budget = Budget(),
    timeout: float = DEFAULT_TIMEOUT,
    progress: Callable[[int, int, dict[str, Any] | None], None] | None = None,
    max_members: int = MAX_ZIP_MEMBERS,
    member_limit: int = MAX_FILE_BYTES,
    agreed: bool = False,
) -> BatchReport:
    """Score every record named by ``paths`` and append one JSON line per record to ``out``.

    Parameters
    ----------
    paths : iterable of path
        SGF files, folders and zip archives (see :func:`collect_sources`).
    out : path
        The JSON Lines output; created if missing, appended to otherwise
        (records already in it are skipped).
    jobs : int, optional
        Worker processes; default :func:`os.cpu_count`.  Never more than
        there are records to score.
    rules : RuleSet or str
        Rule set (see :func:`adjudicator.rules.parse_ruleset`).
    budget : Budget
        Search limits of the life analysis, per string.
    timeout : float
        Seconds one record may take before its worker is killed (the record
        then fails with ``timed out``).
    progress : callable, optional
        Called as ``progress(done, total, line)``: once with ``(0, total,
        None)`` before the work starts, then after every record.
    max_members, member_limit : int
        Zip guards: most SGF members per archive, most bytes per member.
    agreed : bool
        Settle the unproven verdicts of records with territory marks by those
        marks (the players' count; see :func:`score_source`).

    Returns
    -------
    BatchReport

    Raises
    ------
    UnknownRuleSet
        For a bad ``rules``.
    AdjudicatorError
        If a path does not exist, ``out`` is one of the inputs or a folder,
        the output file holds lines that are not batch results, or holds
        results under other rules, or it cannot be written.  Bad records
        never raise: they become failure lines.
    """
    ruleset = rules if isinstance(rules, RuleSet) else parse_ruleset(rules)
    label = _rules_label(ruleset)
    if jobs is None:
        jobs = os.cpu_count() or 1
    if jobs < 1:
        raise AdjudicatorError(f"--jobs must be at least 1, not {jobs}")
    most = JOBS_PER_CPU * (os.cpu_count() or 1)
    if jobs > most:
        raise AdjudicatorError(
            f"--jobs {jobs}: at most {most} ({JOBS_PER_CPU} per CPU; each worker is a Python process with its "
            f"own search tables, and more workers than CPUs do not score faster)")
    if not 0 < timeout < float("inf"):
        raise AdjudicatorError(f"--timeout must be a positive number of seconds, not {timeout}")
    out_name = os.fsdecode(out)
    sources = collect_sources(paths, max_members=max_members, member_limit=member_limit)
    if os.path.isdir(out):
        raise AdjudicatorError(f"{out_name}: is a folder; --out needs a file name")
    out_real = os.path.realpath(out)
    for s in sources:
        if os.path.realpath(s.path) == out_real:
            raise AdjudicatorError(f"{out_name}: the output file is also an input; choose another --out")
    keys = {s.key for s in sources}
    done = {r["key"]: r for r in load_results(out) if r["key"] in keys}
    other = sorted({str(r.get("rules")) for r in done.values()} - {label})
    if other:
        raise AdjudicatorError(
            f"{out_name}: holds results under the rules {', '.join(other)}, not {label}; "
            f"use another --out or the same --rules")
    mixed = [r for r in done.values() if r.get("status") == "ok" and ("settled_by" in r) != agreed]
    if mixed:
        raise AdjudicatorError(
            f"{out_name}: holds results scored {'without' if agreed else 'with'} --agreed; "
            f"use another --out or the same options")
    todo = [s for s in sources if s.key not in done]
    new: dict[str, dict[str, Any]] = {}
    start = time.perf_counter()
    if progress is not None:
        progress(0, len(todo), None)
    try:
        f = open(out, "a", encoding="utf-8")
    except OSError as e:
        raise AdjudicatorError(f"{out_name}: cannot write the results file ({e.strerror or e})") from None
    try:
        def emit(line: dict[str, Any]) -> None:
            try:
                f.write(json.dumps(line) + "\n")  # ASCII JSON: any file name survives the round trip
                f.flush()
            except OSError as e:  # a full disk: stop the batch (the workers are stopped on the way out)
                raise AdjudicatorError(f"{out_name}: cannot write the results file ({e.strerror or e})") from None
            new[line["key"]] = line
            if progress is not None:
                progress(len(new), len(todo), line)

        broken = [s for s in todo if s.error is not None]
        for s in broken:
            emit(_error_line(s.key, s.error or "", 0.0, label))
        work = [s for s in todo if s.error is None]
        if work:
            _pool_run(work, jobs, _rules_text(ruleset), budget, timeout, member_limit, emit, agreed)
    finally:
        try:
            f.close()
        except OSError:  # a line that could not be written is still buffered: already reported
            pass
    seconds = time.perf_counter() - start
    records = [done.get(s.key) or new[s.key] for s in sources if s.key in done or s.key in new]
    return BatchReport(records=records, processed=len(new), skipped=len(done), seconds=seconds,
                       jobs=min(jobs, max(1, len([s for s in todo if s.error is None]))), out=out_name)


def _rules_text(ruleset: RuleSet) -> str:
    """A text form :func:`parse_ruleset` reads back to ``ruleset`` (sent to the workers)."""
    text = _rules_label(ruleset)
    if parse_ruleset(text) != ruleset:  # pragma: no cover - a rule set built by hand
        raise AdjudicatorError(f"rule set {ruleset.name!r} cannot be sent to the workers")
    return text


# -- presentation -------------------------------------------------------------------------------


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def render_summary(report: BatchReport, *, show_failures: int = 10) -> str:
    """The summary table ``adjudicator batch`` prints at the end (plain text)."""
    d = report.to_dict()
    a = d["agreement"]
    comparable = a["exact"] + a["same-winner"] + a["different-winner"]
    winner = a["exact"] + a["same-winner"]
    with_assumed = sum(1 for r in report.ok if r.get("assumed"))
    agreed = sum(int(r.get("agreed") or 0) for r in report.ok)
    timed_out = sum(1 for r in report.failed if "timed out after" in str(r.get("error", "")))
    rows = [
        ("records", f"{d['records']} ({d['processed']} scored now, {d['skipped']} already in {report.out})"),
        ("ok", str(d["ok"])),
        ("failed", str(d["failed"]) + (f" ({timed_out} timed out)" if timed_out else "")),
        ("result = RE exactly", f"{a['exact']} of {comparable} comparable ({_pct(a['exact'], comparable)})"),
        ("same winner as RE", f"{winner} of {comparable} comparable ({_pct(winner, comparable)})"),
        ("RE not comparable", f"{a['not-comparable']} (no RE, Void, or not a count)"),
        ("assumed strings", f"{d['assumed']} in {with_assumed} of {d['ok']} records (a referee must check them)"
                            + (f"; {agreed} of them settled by the players' marks" if "settled_by_marks" in d else "")),
        ("winner on a guess", f"{d['decisive_records']} of {d['ok']} records have a decisive assumed verdict "
                              "(reversing it alone changes the winner)"),
        ("open areas", f"{d['open_area_records']} of {d['ok']} records stopped with an open area (empty points "
                       "next to both colours, no one's: the game looks unfinished)"),
    ]
    if "settled_by_marks" in d:
        rows += [
            ("settled by marks", f"{d['settled_by_marks']} of {d['ok']} records had the players' marks (TB/TW) "
                                 "and their unproven verdicts were settled by them"),
            ("marks vs proof", f"{d['marks_vs_proof_records']} records where the marks contradict a proof "
                               "(the proof is followed; see marks_vs_proof in the output)"),
        ]
    if report.processed:
        rows += [
            ("wall time", f"{report.seconds:.1f} s, {report.jobs} worker{'s' if report.jobs != 1 else ''}"),
            ("throughput", f"{report.games_per_second:.2f} games/s, {report.per_core:.2f} per core"
                           + (" (failed records counted as handled: the rate is records/s)" if report.failed else "")),
        ]
    cpu = [float(r["cpu"]) for r in report.records if isinstance(r.get("cpu"), (int, float))]
    if cpu and sum(cpu) > 0:
        rows.append(("processor time", f"{sum(cpu) / len(cpu):.2f} s per record, "
                                       f"{len(cpu) / sum(cpu):.2f} games per processor-second"))
    width = max(len(k) for k, _ in rows)
    lines = ["batch summary"] + [f"  {k:<{width}}  {v}" for k, v in rows]
    failed = report.failed
    if failed:
        shown = failed[:show_failures]
        more = f", first {len(shown)} shown" if len(failed) > len(shown) else ""
        lines.append(f"failures ({len(failed)}{more}):")
        for r in shown:
            key, error = str(r.get("key", "?")), str(r.get("error", ""))
            lines.append("  " + _clean(error if error.startswith(key) else f"{key}: {error}"))
    return "\n".join(lines)


def _clean(text: str) -> str:
    return "".join(ch if ch.isprintable() else "?" for ch in text)


class RichProgress:
    """A ``progress`` callback for :func:`run_batch` that draws a rich progress bar on stderr.

    Shows records done of the total, the rate in games per second, the
    elapsed time, the estimated time left and the failures so far.  Use it as
    a context manager; on a stream that is not a terminal rich draws nothing
    until the end.
    """

    def __init__(self, *, enabled: bool = True) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        class RateColumn(ProgressColumn):
            def render(self, task) -> Text:
                speed = task.finished_speed or task.speed
                return Text("-- games/s" if speed is None else f"{speed:.2f} games/s")

        self._failed = 0
        self._task = None
        self._progress = Progress(
            TextColumn("[bold]batch[/bold] {task.fields[failed]}"),
            BarColumn(),
            MofNCompleteColumn(),
            RateColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            disable=not enabled,
        )

    def __enter__(self) -> "RichProgress":
        return self  # the bar appears with the first call, once the total is known

    def __exit__(self, *exc: object) -> None:
        if self._task is not None:
            self._progress.stop()

    def __call__(self, done: int, total: int, line: dict[str, Any] | None) -> None:
        if self._task is None:
            self._progress.start()
            self._task = self._progress.add_task("batch", total=total, failed="")
        if line is not None and line.get("status") != "ok":
            self._failed += 1
        self._progress.update(self._task, completed=done,
                              failed=f"({self._failed} failed)" if self._failed else "")
