"""Diffs of long texts are built stretch by stretch (gradfix.report.diff._unified): they must
be the diffs difflib gives where difflib's answer is clear, and apply to the new text always."""

from __future__ import annotations

import difflib
import random
import subprocess
from pathlib import Path

import pytest

from gradfix.report import diff


def _apply(tmp_path: Path, old: str, patch: str) -> str:
    target = tmp_path / "f.py"
    target.write_bytes(old.encode())
    if patch:
        subprocess.run(["git", "apply", "-p1", "-"], cwd=tmp_path, input=patch.encode(), check=True, capture_output=True)
    return target.read_bytes().decode()


def _long_text(lines: int) -> list[str]:
    return [f"def f_{n}(x):\n    return x + {n}\n\n" for n in range(lines // 3)]


def test_long_file_with_three_edits_gives_difflibs_diff() -> None:
    old_parts = _long_text(30_000)
    new_parts = list(old_parts)
    for at in (0, len(new_parts) // 2, len(new_parts) - 1):
        new_parts[at] = new_parts[at].replace("    return", "    optimizer.zero_grad()\n    return")
    old, new = "".join(old_parts), "".join(new_parts)
    fast = diff.unified_diff("f.py", old, new)
    expected = "".join(difflib.unified_diff(diff._lines(old), diff._lines(new), "a/f.py", "b/f.py"))
    assert fast == expected
    assert fast.count("+    optimizer.zero_grad()\n") == 3


@pytest.mark.parametrize("seed", range(40))
def test_stretch_by_stretch_diff_applies(tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diff, "_BIG", 0)  # every text takes the long-text path
    monkeypatch.setattr(diff, "_RESYNC", random.Random(seed).choice([3, 50]))  # and runs out of look-ahead too
    rng = random.Random(seed)
    lines = [rng.choice(["a\n", "b\n", "\n", "x = 1\n", f"l{rng.randint(0, 30)}\n"]) for _ in range(rng.randint(0, 120))]
    new = list(lines)
    for _ in range(rng.randint(1, 6)):
        at = rng.randint(0, len(new))
        kind = rng.choice("ird")
        if kind == "i":
            new[at:at] = ["opt.zero_grad()\n"] * rng.randint(1, 3)
        elif kind == "r" and new:
            new[at : at + 1] = ["q\n"]
        elif new:
            del new[at : at + rng.randint(1, 4)]
    old_text, new_text = "".join(lines), "".join(new)
    if rng.random() < 0.3:
        new_text = new_text.rstrip("\n")
    patch = diff.unified_diff("f.py", old_text, new_text)
    assert bool(patch) == (old_text != new_text)
    assert _apply(tmp_path, old_text, patch) == new_text


@pytest.mark.parametrize("tool", [["git", "apply", "-p1", "-"], ["patch", "-p1"]])
def test_a_name_with_spaces_applies(tmp_path: Path, tool: list[str]) -> None:
    """The header ends a name holding spaces with a tab (as git does): GNU patch would cut
    it at the first space and skip the file, `git apply` reads both."""
    folder = tmp_path / "my runs"
    folder.mkdir()
    target = folder / "train step.py"
    target.write_text("a = 1\nb = 2\n")
    patch = diff.unified_diff("my runs/train step.py", "a = 1\nb = 2\n", "a = 1\nb = 3\n")
    assert patch.startswith("--- a/my runs/train step.py\t\n+++ b/my runs/train step.py\t\n")
    subprocess.run(tool, cwd=tmp_path, input=patch.encode(), check=True, capture_output=True)
    assert target.read_text() == "a = 1\nb = 3\n"
