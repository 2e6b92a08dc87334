"""Jupyter notebooks: the code cells are checked and fixed as one program; only changed cells'
sources are rewritten. (Cases across cells: tests/test_notebook_programs.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_gradfix

SETUP = ["import torch\n", "model = torch.nn.Linear(10, 1)\n", "optimizer = torch.optim.SGD(model.parameters(), lr=0.01)"]
LOOP = [
    "for x, y in loader:\n",
    "    loss = torch.nn.functional.mse_loss(model(x), y)\n",
    "    loss.backward()  # accumulate? no: a bug\n",
    "    optimizer.step()",
]
MAGIC = ["%%time\n", "for x, y in loader:\n", "    loss.backward()\n", "    optimizer.step()\n"]
SHELL = ["!pip install torch\n", "for x, y in loader:\n", "    loss.backward()\n", "    optimizer.step()\n"]
BROKEN = "for x, y in loader:\n    loss.backward(\n    optimizer.step()\n"


def _notebook(
    indent: int | None = 1, ensure_ascii: bool = False, newline: bool = True, crlf: bool = False, compact: bool = False
) -> bytes:
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Entraînement — a training loop\n", "with notes"]},
        {"cell_type": "code", "execution_count": 1, "metadata": {"tags": ["setup"]}, "outputs": [], "source": SETUP},
        {
            "cell_type": "code",
            "execution_count": 2,
            "id": "a1b2",
            "metadata": {"collapsed": False, "scrolled": True},
            "outputs": [{"name": "stdout", "output_type": "stream", "text": ["loss 1.0\n", "loss 2.0\n"]}],
            "source": LOOP,
        },
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": MAGIC},
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": SHELL},
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": BROKEN},
        {"cell_type": "raw", "metadata": {}, "source": ["for x in y:\n", "    loss.backward()"]},
        {"cell_type": "code", "execution_count": 3, "metadata": {}, "outputs": [], "source": "".join(LOOP)},
    ]
    notebook = {
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "cells": cells,  # not the first key: key order must survive
        "nbformat_minor": 5,
    }
    text = json.dumps(notebook, indent=indent, ensure_ascii=ensure_ascii, separators=(",", ":") if compact else None)
    if crlf:
        text = text.replace("\n", "\r\n")
    return (text + ("\n" if newline else "")).encode("utf-8")


def test_findings_name_the_cell(tmp_path: Path) -> None:
    (tmp_path / "nb.ipynb").write_bytes(_notebook())
    result = run_gradfix("nb.ipynb", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.decode().splitlines()
    # the `%%time` cell and the cell with a shell escape are analysed with those lines masked
    assert [line.split(" [*]")[0] for line in lines] == [
        "nb.ipynb:cell_3:4:5: GF001",
        "nb.ipynb:cell_4:4:5: GF001",
        "nb.ipynb:cell_5:4:5: GF001",
        "nb.ipynb:cell_8:4:5: GF001",
    ]
    err = result.stderr.decode()
    assert "cell_4" not in err and "cell_5" not in err
    assert "nb.ipynb:cell_6:2:18: note: cell skipped: cannot parse: '(' was never closed" in err
    found = json.loads(run_gradfix("--format", "json", "nb.ipynb", cwd=tmp_path).stdout)
    assert [(d["file"], d["cell"], d["line"], d["column"]) for d in found] == [
        ("nb.ipynb", 3, 4, 5),
        ("nb.ipynb", 4, 4, 5),
        ("nb.ipynb", 5, 4, 5),
        ("nb.ipynb", 8, 4, 5),
    ]


def _expected_after_fix(original: bytes) -> dict:  # type: ignore[type-arg]
    notebook = json.loads(original)
    clear = "    optimizer.zero_grad(set_to_none=True)\n"
    fixed_loop = [LOOP[0], clear, *LOOP[1:]]
    notebook["cells"][2]["source"] = fixed_loop
    notebook["cells"][3]["source"] = [*MAGIC[:2], clear, *MAGIC[2:]]  # the magic line stays as it was
    notebook["cells"][4]["source"] = [*SHELL[:2], clear, *SHELL[2:]]
    notebook["cells"][7]["source"] = "".join(fixed_loop)
    return notebook


@pytest.mark.parametrize(
    "layout",
    [
        {"indent": 1},
        {"indent": 2, "ensure_ascii": True},
        {"indent": 4, "newline": False},
        {"indent": 1, "crlf": True},
        {"indent": None},
        {"indent": None, "compact": True},
    ],
    ids=["nbformat", "indent2-ascii", "indent4-no-final-newline", "crlf", "one-line", "one-line-compact"],
)
def test_write_changes_only_the_sources_of_changed_cells(tmp_path: Path, layout: dict) -> None:  # type: ignore[type-arg]
    original = _notebook(**layout)
    path = tmp_path / "nb.ipynb"
    path.write_bytes(original)
    result = run_gradfix("--write", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    new = path.read_bytes()
    assert json.loads(new) == _expected_after_fix(original)
    # byte-for-byte elsewhere: removing the one inserted line gives back the original file
    inserted = json.dumps("    optimizer.zero_grad(set_to_none=True)\n")
    newline = b"\r\n" if layout.get("crlf") else b"\n"
    if layout.get("indent") is None:
        # the new item is joined to the next as the old items were (sweep42a: a minified notebook)
        one_line = new.replace(inserted.encode() + (b"," if layout.get("compact") else b", "), b"")
        assert one_line.replace(b"\\n    optimizer.zero_grad(set_to_none=True)", b"") == original
    else:
        lines = new.split(newline)
        kept = [line for line in lines if line.strip() != inserted.encode() + b","]
        assert len(lines) - len(kept) == 3  # the three list-of-lines cells got one new line each
        text = newline.join(kept)
        assert text.replace(b"\\n    optimizer.zero_grad(set_to_none=True)", b"") == original
    # a second run finds nothing to fix
    again = run_gradfix("--write", "nb.ipynb", cwd=tmp_path)
    assert again.returncode == 0
    assert path.read_bytes() == new


def test_diff_and_check_modes_do_not_write(tmp_path: Path) -> None:
    original = _notebook()
    path = tmp_path / "nb.ipynb"
    path.write_bytes(original)
    result = run_gradfix("--diff", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 1
    assert b'+    "    optimizer.zero_grad(set_to_none=True)\\n",' in result.stdout
    assert path.read_bytes() == original


def test_notebooks_are_discovered_in_directories(tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "nb.ipynb").write_bytes(_notebook())
    (tmp_path / "notebooks" / ".ipynb_checkpoints").mkdir()
    (tmp_path / "notebooks" / ".ipynb_checkpoints" / "nb-checkpoint.ipynb").write_bytes(_notebook())
    result = run_gradfix(".", cwd=tmp_path)
    paths = {line.split(":cell_")[0] for line in result.stdout.decode().splitlines()}
    assert paths == {"notebooks/nb.ipynb"}


def test_suppression_inside_a_cell(tmp_path: Path) -> None:
    original = json.loads(_notebook())
    original["cells"][2]["source"][-1] = "    optimizer.step()  # gradfix: ignore[GF001]"
    original["cells"][7]["source"] = original["cells"][7]["source"].replace("loader:", "loader:  # noqa: GF001")
    for index in (3, 4):  # the cells with a cell magic and a shell escape
        original["cells"][index]["source"][1] = "for x, y in loader:  # gradfix: ignore[GF001]\n"
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(original, indent=1))
    result = run_gradfix("nb.ipynb", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == b""


def test_not_json_is_an_error_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "nb.ipynb"
    path.write_bytes(b'{"cells": [ {"source": "loss.backward()"')
    result = run_gradfix("--write", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 2
    assert b"nb.ipynb:1:1: error: cannot read notebook" in result.stderr
    assert path.read_bytes() == b'{"cells": [ {"source": "loss.backward()"'


def test_stdin_notebook(tmp_path: Path) -> None:
    original = _notebook()
    result = run_gradfix("--write", "--stdin-filename", "nb.ipynb", "-", stdin=original)
    assert result.returncode == 0
    assert json.loads(result.stdout) == _expected_after_fix(original)
