"""Hostile files: each gets a correct result or a one-line error naming it, the run goes on,
the exit status is 2 when any file errs, and no file changes except by a correct fix.
Line endings, encoding, BOM and permissions survive every fix."""

from __future__ import annotations

import ast
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import gradfix_command, run_gradfix

LOOP = (
    "import torch\n"
    "def train(model, optimizer, loader):\n"
    "    for x, y in loader:\n"
    "        loss = model(x).sum()\n"
    "        loss.backward()\n"
    "        optimizer.step()\n"
)
FIXED_LINE = "optimizer.zero_grad(set_to_none=True)"


def _snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    out = {}
    for current, _dirs, files in os.walk(root, followlinks=False):
        for name in files:
            path = Path(current) / name
            if path.is_symlink():
                continue
            out[str(path.relative_to(root))] = (path.read_bytes(), stat.S_IMODE(path.lstat().st_mode))
    return out


def _error_lines(stderr: bytes) -> list[str]:
    return [line for line in stderr.decode("utf-8", "replace").splitlines() if ": error: " in line]


def _fixed_ok(data: bytes, encoding: str = "utf-8") -> None:
    assert FIXED_LINE.encode(encoding) in data
    ast.parse(data)  # honours a coding line and a BOM


def test_a_tree_of_hostile_files_errors_only_on_the_bad_ones_and_fixes_the_rest(tmp_path):
    files = {
        "py2.py": b'print "hello"\nloss.backward()\n',
        "nul.py": b"x = 1\x00\nloss.backward()\n",
        "binary.py": bytes(range(256)) * 4 + b"loss.backward()",
        "binary_quiet.py": bytes(range(256)) * 4,  # nothing to do: no gradient word at all
        "bad_utf8.py": b'x = "\xff\xfe"\nloss.backward()\n',
        "deep.py": b"x = " + b"(" * 5000 + b"1" + b")" * 5000 + b"\nloss.backward()\n",
        "deep_unary.py": b"x = " + b"-" * 50000 + b"1\nloss.backward()\n",
        "deep_attr.py": b"x = a" + b".b" * 20000 + b"\nloss.backward()\n",
        "deep_indent.py": b"".join(b"    " * i + b"if x:\n" for i in range(120)) + b"    " * 120 + b"loss.backward()\n",
        "empty.py": b"",
        "good.py": LOOP.encode(),
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    before = _snapshot(tmp_path)

    result = run_gradfix("--write", "--jobs", "1", ".", cwd=tmp_path)

    assert result.returncode == 2, result.stderr.decode()
    errors = _error_lines(result.stderr)
    erring = {line.split(":", 1)[0] for line in errors}
    assert erring == {"py2.py", "nul.py", "binary.py", "bad_utf8.py", "deep.py", "deep_unary.py", "deep_attr.py", "deep_indent.py"}
    assert len(errors) == len(erring)  # one line each
    after = _snapshot(tmp_path)
    for name in files:
        if name == "good.py":
            _fixed_ok(after[name][0])
        else:
            assert after[name] == before[name], name
    assert "11 files checked" in result.stderr.decode()


def test_deeply_nested_files_do_not_crash_a_parallel_run(tmp_path):
    # a native-parser crash in a worker would take the whole pool (and every result) down
    for i in range(20):
        (tmp_path / f"ok_{i:02d}.py").write_text(LOOP)
    (tmp_path / "deep.py").write_bytes(b"y = " + b"[" * 5000 + b"]" * 5000 + b"\nz.backward()\n")
    result = run_gradfix("--write", "--jobs", "2", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert [line.split(":", 1)[0] for line in _error_lines(result.stderr)] == ["deep.py"]
    for i in range(20):
        _fixed_ok((tmp_path / f"ok_{i:02d}.py").read_bytes())


@pytest.mark.parametrize(
    "name, data, encoding",
    [
        ("crlf.py", LOOP.replace("\n", "\r\n").encode(), "utf-8"),
        ("mixed.py", LOOP.replace("\n", "\r\n", 3).encode(), "utf-8"),
        ("bom.py", b"\xef\xbb\xbf" + LOOP.encode(), "utf-8"),
        ("tabs.py", LOOP.replace("    ", "\t").encode(), "utf-8"),
        ("no_newline.py", LOOP.rstrip("\n").encode(), "utf-8"),
        ("latin1.py", ("# -*- coding: latin-1 -*-\n# café\n" + LOOP).encode("latin-1"), "latin-1"),
        ("long_line.py", ("X = [" + "1, " * 5_000 + "]\n" + LOOP).encode(), "utf-8"),
    ],
)
def test_fixes_keep_line_endings_encoding_bom_tabs_and_permissions(tmp_path, name, data, encoding):
    path = tmp_path / name
    path.write_bytes(data)
    os.chmod(path, 0o640)
    result = run_gradfix("--write", name, cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    new = path.read_bytes()
    _fixed_ok(new, encoding)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    # exactly one line was added, and every original line is still there, byte for byte
    old_lines, new_lines = data.splitlines(keepends=True), new.splitlines(keepends=True)
    assert len(new_lines) == len(old_lines) + 1
    inserted = [line for line in new_lines if FIXED_LINE.encode() in line]
    assert len(inserted) == 1
    rest = list(new_lines)
    rest.remove(inserted[0])
    assert b"".join(rest) == data
    if b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b""):
        assert inserted[0].endswith(b"\r\n")  # all-CRLF file: the new line is CRLF too
    if name == "bom.py":
        assert new.startswith(b"\xef\xbb\xbf") and new.count(b"\xef\xbb\xbf") == 1
    if name == "tabs.py":
        assert inserted[0].startswith(b"\t\t")
    if name == "latin1.py":
        assert "café".encode("latin-1") in new


def test_big_files_are_fixed_like_small_ones_and_big_data_is_skipped(tmp_path):
    # no size limit: a 1.5 MB training script is fixed exactly as its first lines alone are
    filler = b"X = 1\n" * 250_000
    big_training = tmp_path / "big_train.py"
    big_training.write_bytes(LOOP.encode() + filler)
    big_data = tmp_path / "big_data.py"
    big_data.write_bytes(b"TABLE = [\n" + b"    0.5,\n" * 2_000_000 + b"]\n")  # ~20 MB, nothing to do
    small = tmp_path / "small.py"
    small.write_text(LOOP)
    before_data = big_data.read_bytes()
    result = run_gradfix("--write", "--jobs", "1", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    assert _error_lines(result.stderr) == []
    assert big_data.read_bytes() == before_data
    _fixed_ok(small.read_bytes())
    assert big_training.read_bytes() == small.read_bytes() + filler


def test_symlinks_a_link_to_a_file_is_fixed_through_and_a_loop_is_not_followed(tmp_path):
    real = tmp_path / "real.py"
    real.write_text(LOOP)
    os.chmod(real, 0o600)
    (tmp_path / "link.py").symlink_to("real.py")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "loop").symlink_to("..")  # a directory symlink loop
    (tmp_path / "pkg" / "inner.py").write_text(LOOP)
    result = run_gradfix("--write", "link.py", "pkg", cwd=tmp_path)
    assert result.returncode == 0, result.stderr.decode()
    assert (tmp_path / "link.py").is_symlink() and os.readlink(tmp_path / "link.py") == "real.py"
    _fixed_ok(real.read_bytes())
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    _fixed_ok((tmp_path / "pkg" / "inner.py").read_bytes())
    assert "2 files checked" in result.stderr.decode()


def test_a_dangling_symlink_named_explicitly_is_an_error_naming_it(tmp_path):
    (tmp_path / "dangling.py").symlink_to("missing.py")
    (tmp_path / "good.py").write_text(LOOP)
    result = run_gradfix("--write", "dangling.py", "good.py", cwd=tmp_path)
    assert result.returncode == 2
    assert [line.split(":", 1)[0] for line in _error_lines(result.stderr)] == ["dangling.py"]
    _fixed_ok((tmp_path / "good.py").read_bytes())


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 reads the f-string")
def test_an_f_string_newer_than_the_running_python_is_an_error_that_names_the_python(tmp_path):
    """An f-string reusing its quotes is valid from Python 3.12 on: read by an older Python it
    is a syntax error, and the message says which Python read it."""
    data = b'names = ["a"]\nprint(f"{", ".join(names)}")\nloss.backward()\n'
    (tmp_path / "new.py").write_bytes(data)
    (tmp_path / "good.py").write_text(LOOP)
    result = run_gradfix("--write", "new.py", "good.py", cwd=tmp_path)
    assert result.returncode == 2
    [line] = _error_lines(result.stderr)
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert line.startswith("new.py:2:") and f"(read as Python {version}; this f-string may need 3.12)" in line, line
    assert (tmp_path / "new.py").read_bytes() == data
    _fixed_ok((tmp_path / "good.py").read_bytes())


def test_a_read_only_file_is_reported_and_not_changed(tmp_path):
    ro = tmp_path / "ro.py"
    ro.write_text(LOOP)
    os.chmod(ro, 0o444)
    (tmp_path / "good.py").write_text(LOOP)
    result = run_gradfix("--write", "--jobs", "1", ".", cwd=tmp_path)
    assert result.returncode == 2
    errors = _error_lines(result.stderr)
    assert len(errors) == 1 and errors[0].startswith("ro.py:") and "read-only" in errors[0]
    assert ro.read_text() == LOOP and stat.S_IMODE(ro.stat().st_mode) == 0o444
    _fixed_ok((tmp_path / "good.py").read_bytes())


def test_a_hard_linked_file_is_reported_and_not_split(tmp_path):
    one = tmp_path / "one.py"
    one.write_text(LOOP)
    os.link(one, tmp_path / "two.txt")
    result = run_gradfix("--write", "one.py", cwd=tmp_path)
    assert result.returncode == 2
    assert "hard links" in result.stderr.decode()
    assert one.read_text() == LOOP and os.stat(one).st_nlink == 2


def _without_root_file_powers():  # runs in the child, before exec
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    pr_capbset_drop, cap_dac_override, cap_dac_read_search = 24, 1, 2
    for cap in (cap_dac_override, cap_dac_read_search):
        if libc.prctl(pr_capbset_drop, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def test_a_file_without_read_permission_is_an_error_naming_it(tmp_path):
    (tmp_path / "secret.py").write_text(LOOP)
    (tmp_path / "good.py").write_text(LOOP)
    os.chmod(tmp_path / "secret.py", 0o000)
    # root reads anything: drop the capabilities that let it (it stays root otherwise)
    preexec = _without_root_file_powers if os.geteuid() == 0 else None
    result = subprocess.run(
        [*gradfix_command(), "--write", "--jobs", "1", "."],
        cwd=tmp_path, capture_output=True, preexec_fn=preexec, timeout=120,
    )
    assert result.returncode == 2, result.stderr.decode()
    errors = _error_lines(result.stderr)
    assert errors == ["secret.py: error: permission denied"]
    os.chmod(tmp_path / "secret.py", 0o600)
    assert (tmp_path / "secret.py").read_text() == LOOP
    _fixed_ok((tmp_path / "good.py").read_bytes())


def test_gradfix_never_runs_the_code_it_reads(tmp_path):
    marker = tmp_path / "EXECUTED"
    evil = (
        "import pathlib, torch\n"
        f"pathlib.Path({str(marker)!r}).write_text('ran')\n"
        "raise SystemExit('imported!')\n"
        + LOOP
        + "if __name__ == '__main__':\n"
        f"    pathlib.Path({str(marker)!r}).write_text('ran as main')\n"
    )
    (tmp_path / "evil.py").write_text(evil)
    (tmp_path / "conftest.py").write_text(f"import pathlib\npathlib.Path({str(marker)!r}).write_text('x')\n")
    (tmp_path / "sitecustomize.py").write_text(f"import pathlib\npathlib.Path({str(marker)!r}).write_text('x')\n")
    for args in (["."], ["--diff", "."], ["--write", "."], ["--write", "-"]):
        result = run_gradfix(*args, cwd=tmp_path, stdin=evil.encode() if "-" in args else None)
        assert result.returncode in (0, 1), result.stderr.decode()
        assert not marker.exists(), args
    _fixed_ok((tmp_path / "evil.py").read_bytes())
