"""Fixes that do not settle (a defect of a rule): the file is left unchanged with an error,
and its findings are still reported -- as remaining, never as fixed, never as absent.

A rule whose fix keeps finding something to fix is simulated by allowing a single pass
(`gradfix.pipeline.MAX_PASSES = 1`): the first pass fixes, and nothing is left to confirm
that the result settled.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source
from gradfix.transforms import default_codes

LOOP = (
    "import torch\n"
    "def train(model, optimizer, loader):\n"
    "    for x, y in loader:\n"
    "        loss = model(x).sum()\n"
    "        loss.backward()\n"
    "        optimizer.step()\n"
)
FIX = Options(select=frozenset(default_codes()), fix=True)

LAUNCHER = """
import sys
import gradfix.pipeline
gradfix.pipeline.MAX_PASSES = 1
from gradfix.cli import main
sys.argv[0] = "gradfix"
main()
"""


def _one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gradfix.pipeline.MAX_PASSES", 1)


def test_unsettled_fixes_leave_every_finding_remaining(monkeypatch: pytest.MonkeyPatch) -> None:
    settled = process_source("train.py", LOOP.encode(), FIX)
    assert settled.fixed is not None and [d.code for d in settled.diagnostics] == ["GF001"]
    _one_pass(monkeypatch)
    result = process_source("train.py", LOOP.encode(), FIX)
    assert result.error is not None and "did not settle" in result.error
    assert result.fixed is None and not result.fixed_codes
    assert [(d.code, d.line, d.fixable, d.fix_safety) for d in result.remaining] == [("GF001", 6, False, "safe")]


def test_unsettled_fixes_in_a_notebook_leave_every_finding_remaining(monkeypatch: pytest.MonkeyPatch) -> None:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": LOOP}]
    notebook = json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()
    _one_pass(monkeypatch)
    result = process_source("nb.ipynb", notebook, FIX)
    assert result.error is not None and "did not settle" in result.error
    assert result.fixed is None
    assert [(d.code, d.cell, d.line, d.fixable) for d in result.remaining] == [("GF001", 1, 6, False)]


def _run(tmp_path: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    launcher = tmp_path.parent / f"launch_{tmp_path.name}.py"
    launcher.write_text(LAUNCHER)
    return subprocess.run(
        [sys.executable, str(launcher), "--isolated", "--no-cache", "--jobs", "1", *args],
        cwd=tmp_path, input=stdin, capture_output=True, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize("mode", ["--diff", "--write"])
def test_the_summary_counts_the_findings_of_an_unsettled_file_as_remaining(tmp_path: Path, mode: str) -> None:
    (tmp_path / "train.py").write_text(LOOP)
    result = _run(tmp_path, mode, "train.py")
    out, err = result.stdout.decode(), result.stderr.decode()
    assert result.returncode == 2, err
    assert (tmp_path / "train.py").read_text() == LOOP
    assert "train.py:1:1: error: internal error: the fixes did not settle after 1 passes; file left unchanged" in err
    assert out.startswith("train.py:6:9: GF001 `optimizer.step()`")  # no `[*]`: nothing was fixed
    summary = err.strip().splitlines()[-1]
    if mode == "--diff":
        assert summary.startswith("0 files would be changed; 1 finding(s) without an applicable fix"), summary
    else:
        assert summary.startswith("Fixed 0 findings in 0 files; 1 remaining"), summary
    assert summary.endswith("1 file(s) could not be processed."), summary


def test_stdin_filter_gets_its_buffer_back_and_the_finding_on_stderr(tmp_path: Path) -> None:
    result = _run(tmp_path, "--write", "-", "--stdin-filename", "train.py", stdin=LOOP.encode())
    assert result.returncode == 2
    assert result.stdout == LOOP.encode()  # stdout carries only the (unchanged) source
    err = result.stderr.decode()
    assert "train.py:6:9: GF001 `optimizer.step()`" in err and "1 remaining" in err


def test_json_lists_the_findings_of_an_unsettled_file(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(LOOP)
    result = _run(tmp_path, "--write", "--format", "json", "train.py")
    assert result.returncode == 2
    found = json.loads(result.stdout)
    assert [(d["code"], d["fixable"], d["fix_safety"]) for d in found] == [("GF001", False, "safe")]
