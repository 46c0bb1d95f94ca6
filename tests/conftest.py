"""Shared pytest fixtures."""

from __future__ import annotations

import pytest

from adjudicator.diagrams import parse_diagram


@pytest.fixture
def diagram():
    """Parse an ASCII diagram into a Position: ``diagram(text, to_play=Color.WHITE)``.

    Rows of ``x`` (black), ``o`` (white) and ``.`` (empty), top row first, spaces
    ignored; see :func:`adjudicator.diagrams.parse_diagram`.
    """
    return parse_diagram


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/*.txt with the actual output instead of comparing",
    )


@pytest.fixture
def golden(request, tmp_path):
    """Compare text with ``tests/golden/<name>.txt``; ``--update-golden`` rewrites the file instead.

    On a mismatch the actual output is written to ``tmp_path`` and the
    assertion shows a unified diff.
    """
    import difflib
    from pathlib import Path

    folder = Path(__file__).parent / "golden"

    def check(name: str, actual: str) -> None:
        path = folder / f"{name}.txt"
        if request.config.getoption("--update-golden"):
            folder.mkdir(exist_ok=True)
            path.write_text(actual, encoding="utf-8")
            return
        assert path.exists(), f"no golden file {path}; run pytest --update-golden to create it"
        expected = path.read_text(encoding="utf-8")
        if actual != expected:
            (tmp_path / f"{name}.actual.txt").write_text(actual, encoding="utf-8")
            diff = "".join(difflib.unified_diff(
                expected.splitlines(True), actual.splitlines(True), str(path), "actual", n=2))
            raise AssertionError(f"output differs from {path} (actual in {tmp_path}):\n{diff[:6000]}")

    return check
