# SPDX-License-Identifier: MIT
"""What every Python test shares: the paper is letter unless a test says
otherwise, whatever the machine's PAPERSIZE, PAPERCONF or /etc/papersize
(sheets and books default to the paper the command would use)."""
import os

import pytest


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "drawing: needs a library built with drawing (cairo and "
        "Pango); skipped in a core build (MAZEGEN_DRAWING=0)")


def pytest_collection_modifyitems(config, items):
    """A core build (meson -Ddrawing=disabled) skips, with the reason, the
    tests of PDF, sheets and PNG of other kinds; meson says which build
    it is in MAZEGEN_DRAWING."""
    if os.environ.get("MAZEGEN_DRAWING") != "0":
        return
    skip = pytest.mark.skip(reason="needs a build with drawing (cairo and "
                            "Pango); this one is -Ddrawing=disabled")
    for item in items:
        if "drawing" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def letter_paper(monkeypatch):
    monkeypatch.setenv("PAPERSIZE", "letter")
    monkeypatch.delenv("PAPERCONF", raising=False)
