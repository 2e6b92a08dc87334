"""What a plain run loads, and the command line's parsing (argparse, no CLI framework).

No timings here (benchmarks/startup.py measures them): these tests pin the imports that the
start-up figures depend on, so that a stray top-level import shows up as a failure.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import run_gradfix

PROBE = """
import json, sys
from gradfix.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
wanted = ("libcst", "typer", "click", "rich", "pathspec", "tomllib", "tomli", "gradfix.transforms",
          "gradfix.analysis", "concurrent.futures", "difflib", "dataclasses", "inspect", "typing",
          "gradfix.notebooks", "gradfix.report.diff")
sys.__stderr__.write(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in wanted or m in wanted)))
"""
HEAVY = {"libcst", "typer", "click", "rich", "pathspec", "tomllib", "tomli", "gradfix.transforms", "gradfix.analysis",
         "concurrent.futures", "difflib", "dataclasses", "inspect", "typing"}


def _loaded(*args: str, cwd: Path) -> set[str]:
    result = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, capture_output=True, timeout=120)
    return set(json.loads(result.stderr.decode().splitlines()[-1]))


def test_a_file_without_gradient_code_loads_no_parser_rules_or_frameworks(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'p'\n")  # a project: the cache is on
    (tmp_path / "util.py").write_text("def f(x):\n    return x + 1\n")
    loaded = _loaded("util.py", cwd=tmp_path)
    assert not loaded & HEAVY, loaded & HEAVY
    assert (tmp_path / ".gradfix_cache").is_dir()
    assert not _loaded("--no-cache", "util.py", cwd=tmp_path) & HEAVY
    # what the brief measures besides: --version, --list-rules
    assert not _loaded("--list-rules", cwd=tmp_path) & HEAVY
    assert not _loaded("--version", cwd=tmp_path) & HEAVY


def test_a_training_file_answered_by_the_cache_loads_no_parser(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (train := tmp_path / "train.py").write_text(
        "for x, y in loader:\n    loss = model(x).sum()\n    loss.backward()\n    optimizer.step()\n"
    )
    first = _loaded("train.py", cwd=tmp_path)
    assert "gradfix.analysis" in first  # the first run analyses it...
    assert "libcst" not in first  # ...with the standard library's parser
    # ...and its record classes without `dataclasses` and `inspect` (gradfix.records), its
    # tuples and type names without `typing` (13 M instructions of every such check)
    assert not first & {"dataclasses", "inspect", "typing"}, first
    assert not _loaded("train.py", cwd=tmp_path) & HEAVY
    # a notebook met and a diff printed load no `typing` either (12 M instructions)
    cell = ["import torch\n", "optimizer = torch.optim.SGD(model.parameters())\n", *train.read_text().splitlines(True)]
    (tmp_path / "nb.ipynb").write_text(json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": cell}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))  # fmt: skip
    diffed = _loaded("--diff", "--no-cache", "train.py", "nb.ipynb", cwd=tmp_path)
    assert {"gradfix.notebooks", "gradfix.report.diff"} <= diffed and "typing" not in diffed, diffed


PROBE_NEW = """
import json, sys
for name in ("pathlib", "urllib.parse", "ipaddress"):  # an editable install's finder loads them at start
    sys.modules.pop(name, None)
before = set(sys.modules)
from gradfix.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
sys.__stderr__.write(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_a_check_of_a_training_file_imports_no_pathlib(tmp_path: Path) -> None:
    # the project index spells paths as `pathlib` would without importing it (with
    # `urllib.parse` and `ipaddress`, 5% of the start of such a check)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (tmp_path / "engine.py").write_text("def train_step(model, opt, x):\n    model(x).sum().backward()\n    opt.step()\n")
    (tmp_path / "train.py").write_text(
        "from engine import train_step\nfor x in loader:\n    train_step(model, optimizer, x)\n"
        "for x, y in loader:\n    loss = model(x).sum()\n    loss.backward()\n    optimizer.step()\n"
    )
    for args in (("--no-cache", "train.py"), ("train.py",), ("--no-cache", "--diff", "train.py")):
        result = subprocess.run([sys.executable, "-c", PROBE_NEW, *args], cwd=tmp_path, capture_output=True, timeout=120, check=False)
        loaded = set(json.loads(result.stderr.decode().splitlines()[-1]))
        assert "gradfix.analysis.loops" in loaded, args  # analysed...
        assert not loaded & {"pathlib", "urllib.parse", "ipaddress"}, (args, loaded & {"pathlib", "urllib.parse"})


def test_options_may_follow_the_paths(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(
        "for x, y in loader:\n    loss = model(x).sum()\n    loss.backward()\n    optimizer.step()\n"
    )
    # without the trailing --select, the default rules would report GF001 (exit 1)
    assert run_gradfix("--no-cache", "train.py", "--select", "GF002", cwd=tmp_path).returncode == 0


def test_usage_errors_exit_2_with_a_message() -> None:
    for args, words in (
        (["--sel", "GF001"], b"unrecognized arguments: --sel"),  # no abbreviations, as in click
        (["-j", "0"], b"0 is not in the range x>=1"),
        (["--jobs", "two"], b"'two' is not an integer"),
        (["--no-such-flag"], b"unrecognized arguments"),
        (["--format", "xml"], b"'xml' is not one of text, json, sarif, github"),
        (["--select", "GF999"], b"unknown rule code 'GF999'"),
    ):
        result = run_gradfix(*args)
        assert result.returncode == 2, args
        assert words in result.stderr and result.stderr.startswith(b"usage: gradfix"), result.stderr
        assert result.stdout == b""


def test_help_lists_every_option_on_stdout() -> None:
    result = run_gradfix("--help")
    assert result.returncode == 0
    text = result.stdout.decode()
    for option in ("--diff", "--write", "--select", "--extend-select", "--ignore", "--exclude", "--unsafe-fixes",
                   "--no-unsafe-fixes", "--format", "--config", "--isolated", "--no-cache", "--explain",
                   "--list-rules", "--stdin-filename", "--color", "--no-color", "--quiet", "--jobs", "--version"):
        assert option in text, option
    assert run_gradfix("-h").stdout == result.stdout
