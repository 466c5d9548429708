# SPDX-License-Identifier: MIT
"""What every Python test shares: the paper is letter unless a test says
otherwise, whatever the machine's PAPERSIZE, PAPERCONF or /etc/papersize
(sheets and books default to the paper the command would use)."""
import pytest


@pytest.fixture(autouse=True)
def letter_paper(monkeypatch):
    monkeypatch.setenv("PAPERSIZE", "letter")
    monkeypatch.delenv("PAPERCONF", raising=False)
