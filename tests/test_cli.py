"""The command-line contract, through the installed `gradfix` entry point."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_gradfix

BUGGY = b"""import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in batches:
    # forward pass
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
"""

FIXED = b"""import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in batches:
    optimizer.zero_grad(set_to_none=True)
    # forward pass
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
"""

CLEAN = FIXED


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_check_reports_findings_and_exits_1(tmp_path: Path) -> None:
    path = _write(tmp_path, "train.py", BUGGY)
    result = run_gradfix(str(path))
    assert result.returncode == 1
    lines = result.stdout.decode().splitlines()
    assert lines == [f"{path}:10:5: GF001 [*] `optimizer.step()` applies gradients accumulated since the loop began: clear them each iteration"]
    assert "Found 1 finding" in result.stderr.decode()
    assert path.read_bytes() == BUGGY


def test_check_clean_exits_0(tmp_path: Path) -> None:
    path = _write(tmp_path, "train.py", CLEAN)
    result = run_gradfix(str(path))
    assert result.returncode == 0, result.stdout
    assert result.stdout == b""


def test_default_path_is_current_directory(tmp_path: Path) -> None:
    _write(tmp_path, "pkg/train.py", BUGGY)
    result = run_gradfix(cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.decode().startswith("pkg/train.py:10:5: GF001")


def test_zero_files_exit_0(tmp_path: Path) -> None:
    result = run_gradfix(str(tmp_path))
    assert result.returncode == 0


def test_diff_is_plain_when_piped_and_writes_nothing(tmp_path: Path) -> None:
    path = _write(tmp_path, "train.py", BUGGY)
    result = run_gradfix("--diff", "train.py", cwd=tmp_path)
    assert result.returncode == 1
    out = result.stdout.decode()
    assert out.startswith("--- a/train.py\n+++ b/train.py\n@@")
    assert "+    optimizer.zero_grad(set_to_none=True)\n" in out
    assert "\x1b[" not in out
    assert path.read_bytes() == BUGGY


def test_diff_applies_with_git_apply(tmp_path: Path) -> None:
    # no final newline, and the last line inside the hunk's context
    source = BUGGY.replace(b"    # forward pass\n", b"").rstrip(b"\n")
    path = _write(tmp_path, "train.py", source)
    result = run_gradfix("--diff", "train.py", cwd=tmp_path)
    assert b"\\ No newline at end of file" in result.stdout
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(["git", "apply", "-"], cwd=tmp_path, input=result.stdout, check=True)
    assert path.read_bytes() == FIXED.replace(b"    # forward pass\n", b"").rstrip(b"\n")


def test_diff_color_forced(tmp_path: Path) -> None:
    _write(tmp_path, "train.py", BUGGY)
    result = run_gradfix("--diff", "--color", "train.py", cwd=tmp_path)
    assert b"\x1b[" in result.stdout
    plain = run_gradfix("--diff", "--no-color", "train.py", cwd=tmp_path)
    assert b"\x1b[" not in plain.stdout


def test_diff_clean_exits_0(tmp_path: Path) -> None:
    _write(tmp_path, "train.py", CLEAN)
    result = run_gradfix("--diff", "train.py", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == b""


def test_write_fixes_in_place_and_says_so(tmp_path: Path) -> None:
    path = _write(tmp_path, "train.py", BUGGY)
    result = run_gradfix("--write", str(path))
    assert result.returncode == 0, result.stderr
    assert path.read_bytes() == FIXED
    assert f"fixed {path}: GF001 ×1" in result.stderr.decode()
    again = run_gradfix("--write", str(path))
    assert again.returncode == 0
    assert path.read_bytes() == FIXED


def test_write_exit_1_when_unfixable_findings_remain(tmp_path: Path) -> None:
    source = BUGGY.replace(b"    loss.backward()\n    optimizer.step()\n", b"    loss.backward()\n    optimizer.zero_grad(); optimizer.step()\n")
    path = _write(tmp_path, "train.py", source)
    result = run_gradfix("--write", str(path))
    assert result.returncode == 1
    assert b"GF002" in result.stdout
    assert path.read_bytes() == source


def test_stdin_check_uses_stdin_filename() -> None:
    result = run_gradfix("--stdin-filename", "nb/train.py", "-", stdin=BUGGY)
    assert result.returncode == 1
    assert result.stdout.decode().startswith("nb/train.py:10:5: GF001 [*]")


def test_stdin_write_prints_fixed_source_only() -> None:
    result = run_gradfix("--write", "-", stdin=BUGGY)
    assert result.returncode == 0
    assert result.stdout == FIXED


def test_stdin_write_clean_echoes_source() -> None:
    result = run_gradfix("--write", "-", stdin=CLEAN)
    assert result.returncode == 0
    assert result.stdout == CLEAN


def test_stdin_write_syntax_error_gives_buffer_back() -> None:
    broken = b"loss.backward(\n"
    result = run_gradfix("--write", "-", stdin=broken)
    assert result.returncode == 2
    assert result.stdout == broken
    assert b"-:" in result.stderr and b"error" in result.stderr


def test_syntax_error_next_to_good_file(tmp_path: Path) -> None:
    bad = _write(tmp_path, "a_bad.py", b"print 'python 2'\nloss.backward()\n")
    good = _write(tmp_path, "b_good.py", BUGGY)
    result = run_gradfix("--write", str(tmp_path))
    assert result.returncode == 2
    errors = [line for line in result.stderr.decode().splitlines() if ": error: " in line]
    assert len(errors) == 1 and errors[0].startswith(f"{bad}:1:"), errors
    assert "print" in errors[0]
    assert bad.read_bytes() == b"print 'python 2'\nloss.backward()\n"
    assert good.read_bytes() == FIXED


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    result = run_gradfix(str(tmp_path / "nope.py"))
    assert result.returncode == 2
    assert b"nope.py" in result.stderr


def test_crlf_and_bom_preserved(tmp_path: Path) -> None:
    source = b"\xef\xbb\xbf" + BUGGY.replace(b"\n", b"\r\n")
    path = _write(tmp_path, "train.py", source)
    result = run_gradfix("--write", str(path))
    assert result.returncode == 0
    assert path.read_bytes() == b"\xef\xbb\xbf" + FIXED.replace(b"\n", b"\r\n")


def test_latin1_coding_line_preserved(tmp_path: Path) -> None:
    source = b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + BUGGY
    path = _write(tmp_path, "train.py", source)
    assert run_gradfix("--write", str(path)).returncode == 0
    assert path.read_bytes() == b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + FIXED


def test_unchanged_file_not_rewritten(tmp_path: Path) -> None:
    path = _write(tmp_path, "train.py", CLEAN)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    inode = path.stat().st_ino
    assert run_gradfix("--write", str(path)).returncode == 0
    assert path.stat().st_mtime == 1_000_000_000
    assert path.stat().st_ino == inode


def test_write_keeps_permissions_and_leaves_no_temp_files(tmp_path: Path) -> None:
    path = _write(tmp_path, "train.py", BUGGY)
    path.chmod(0o751)
    assert run_gradfix("--write", str(path)).returncode == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o751
    assert sorted(p.name for p in tmp_path.iterdir()) == ["train.py"]


def test_select_and_ignore(tmp_path: Path) -> None:
    _write(tmp_path, "train.py", BUGGY)
    assert run_gradfix("--select", "GF002", "train.py", cwd=tmp_path).returncode == 0
    assert run_gradfix("--ignore", "GF001", "train.py", cwd=tmp_path).returncode == 0
    assert run_gradfix("--select", "GF001", "train.py", cwd=tmp_path).returncode == 1


def test_unknown_rule_code_is_a_usage_error(tmp_path: Path) -> None:
    result = run_gradfix("--select", "GF999", str(tmp_path))
    assert result.returncode == 2
    assert b"GF999" in result.stderr


def test_diff_and_write_together_is_a_usage_error(tmp_path: Path) -> None:
    assert run_gradfix("--diff", "--write", str(tmp_path)).returncode == 2


def test_version() -> None:
    result = run_gradfix("--version")
    assert result.returncode == 0
    assert result.stdout.decode().startswith("gradfix ")


def test_python_dash_m(tmp_path: Path) -> None:
    path = _write(tmp_path, "train.py", BUGGY)
    result = subprocess.run([sys.executable, "-m", "gradfix", str(path)], capture_output=True)
    assert result.returncode == 1
    assert b"GF001" in result.stdout


def test_discovery_skips_ignored_and_default_excludes(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    _write(tmp_path, ".gitignore", b"generated/\nscratch_*.py\n")
    for name in ("generated/t.py", "scratch_1.py", "build/t.py", ".venv/t.py", "node_modules/t.py", "env1/t.py"):
        _write(tmp_path, name, BUGGY)
    _write(tmp_path, "env1/pyvenv.cfg", b"home = /usr\n")
    _write(tmp_path, "src/train.py", BUGGY)
    result = run_gradfix(".", cwd=tmp_path)
    reported = sorted({line.split(":", 1)[0] for line in result.stdout.decode().splitlines()})
    assert reported == ["src/train.py"]
    explicit = run_gradfix("scratch_1.py", cwd=tmp_path)
    assert explicit.returncode == 1


@pytest.mark.parametrize(
    "ignores",
    [
        # an allow-list: ignore everything, then keep every folder and the Python files
        {".gitignore": b"*\n!*/\n!*.py\n"},
        {".gitignore": b"*\n!*/\n!*.*\n*.log\n"},
        # a deeper file re-includes what a higher one ignores, and the reverse
        {".gitignore": b"*.py\n!keep*.py\n", "a/.gitignore": b"!*.py\nb/\n", "c/.gitignore": b"keep_c.py\n"},
        {".gitignore": b"/out\n**/tmp/\ndocs/*.py\n!docs/keep.py\n"},
    ],
    ids=["allow-list", "allow-list-by-suffix", "nested-negations", "anchored-and-globstar"],
)
def test_discovery_ignores_what_git_ignores(tmp_path: Path, ignores: dict) -> None:  # type: ignore[type-arg]
    """The files found are the Python files real git does not ignore."""
    from gradfix.files import discover

    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    for name, text in ignores.items():
        _write(tmp_path, name, text)
    for name in (
        "top.py", "keep_top.py", "a/x.py", "a/keep_a.py", "a/b/y.py", "a/c/z.py", "c/keep_c.py", "c/d.py",
        "out/t.py", "src/out/t.py", "tmp/t.py", "src/tmp/t.py", "docs/a.py", "docs/keep.py", "docs/sub/a.py",
        "data/x.txt", "data/deep/er/train.py",
    ):  # fmt: skip
        _write(tmp_path, name, b"x = 1\n")
    listed = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard", "--", "*.py"], cwd=tmp_path, capture_output=True, check=True
    )
    expected = sorted(listed.stdout.decode().split())
    found = sorted(os.path.relpath(f.path, tmp_path).replace(os.sep, "/") for f in discover([str(tmp_path)]))
    assert found == expected


def test_many_files_in_parallel_match_serial(tmp_path: Path) -> None:
    for index in range(40):
        _write(tmp_path, f"pkg/m{index:02d}.py", BUGGY if index % 3 == 0 else b"x = 1\n")
    parallel = run_gradfix("--jobs", "2", ".", cwd=tmp_path)
    serial = run_gradfix("--jobs", "1", ".", cwd=tmp_path)
    assert parallel.returncode == serial.returncode == 1
    assert parallel.stdout == serial.stdout
    assert len(parallel.stdout.decode().splitlines()) == 14


def test_diff_stdout_is_a_patch_and_unfixable_findings_go_to_stderr(tmp_path: Path) -> None:
    """`gradfix --diff src/ > fix.patch`: stdout holds the hunks alone; a finding no fix
    applies to (GF021 is display-only) is reported on stderr, and the exit code says so."""
    _write(tmp_path, "a.py", BUGGY)
    _write(
        tmp_path,
        "b.py",
        b"import torch\n\n\ndef f(model, loader):\n"
        b"    opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        b"    model.fc = torch.nn.Linear(4, 2)\n"
        b"    for x, y in loader:\n"
        b"        opt.zero_grad()\n"
        b"        torch.nn.functional.mse_loss(model(x), y).backward()\n"
        b"        opt.step()\n",
    )
    result = run_gradfix("--no-cache", "--diff", "a.py", "b.py", cwd=tmp_path)
    assert result.returncode == 1
    out, err = result.stdout.decode(), result.stderr.decode()
    assert out.startswith("--- a/a.py\n+++ b/a.py\n@@ ") and "GF021" not in out
    assert "b.py:6:5: GF021" in err
    if shutil.which("patch") is not None:
        patched = subprocess.run(["patch", "-p1", "--dry-run"], input=result.stdout, cwd=tmp_path, capture_output=True)
        assert patched.returncode == 0, patched.stdout.decode() + patched.stderr.decode()
        assert b"garbage" not in patched.stdout + patched.stderr
