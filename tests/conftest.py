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
