"""`python -m libcst.tool codemod` runs gradfix's rules through LibCST's own runner."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import run_gradfix

BUGGY = """import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in batches:
    # forward pass
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
"""
ZERO_BETWEEN = """import torch

model = torch.nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters())
for x, y in batches:
    loss = model(x).sum()
    loss.backward()
    opt.zero_grad()
    opt.step()
"""


def _libcst(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "libcst.tool", *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def _tree(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    (src / "pkg").mkdir(parents=True)
    (src / "train.py").write_text(BUGGY)
    (src / "pkg" / "other.py").write_text(ZERO_BETWEEN)
    (src / "pkg" / "clean.py").write_text("x = 1\n")
    return src


def test_one_rule_with_the_full_dotted_name(tmp_path: Path) -> None:
    src = _tree(tmp_path)
    # what gradfix itself writes is the reference
    reference = tmp_path / "reference"
    reference.mkdir()
    (reference / "train.py").write_text(BUGGY)
    assert run_gradfix("--select", "GF001", "--write", str(reference / "train.py")).returncode == 0

    result = _libcst("codemod", "--no-format", "-x", "gradfix.codemods.rules.GF001", "src", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Failed to codemod 0 files" in result.stderr
    assert (src / "train.py").read_text() == (reference / "train.py").read_text()
    assert (src / "pkg" / "other.py").read_text() == ZERO_BETWEEN  # GF002's business, not GF001's
    assert (src / "pkg" / "clean.py").read_text() == "x = 1\n"


def test_all_rules_via_the_configured_module(tmp_path: Path) -> None:
    src = _tree(tmp_path)
    assert _libcst("initialize", ".", cwd=tmp_path).returncode == 0
    (tmp_path / ".libcst.codemod.yaml").write_text(
        "generated_code_marker: '@generated'\nformatter: []\nblacklist_patterns: []\n"
        "modules:\n- 'gradfix.codemods'\nrepo_root: '.'\n"
    )
    listed = _libcst("list", cwd=tmp_path)
    assert "rules.GF001" in listed.stdout and "rules.All" in listed.stdout

    expected = tmp_path / "expected"
    expected.mkdir()
    for name, text in (("train.py", BUGGY), ("other.py", ZERO_BETWEEN)):
        (expected / name).write_text(text)
    assert run_gradfix("--write", str(expected)).returncode == 0

    result = _libcst("codemod", "--no-format", "rules.All", "src", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Transformed 3 files successfully" in result.stderr or "Failed to codemod 0 files" in result.stderr
    assert (src / "train.py").read_text() == (expected / "train.py").read_text()
    assert (src / "pkg" / "other.py").read_text() == (expected / "other.py").read_text()
    assert (src / "train.py").read_text() != BUGGY
    # a second run changes nothing
    again = _libcst("codemod", "--no-format", "rules.All", "src", cwd=tmp_path)
    assert again.returncode == 0
    assert (src / "train.py").read_text() == (expected / "train.py").read_text()
