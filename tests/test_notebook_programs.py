"""Notebooks as one program: every fixture under tests/before_after/notebooks, found and checked.

    <case>.before.ipynb   input; its metadata "gradfix-test" says what gradfix must report:
                          "findings" (`cell_7:4:5: GF001 [*]`, [*] when a fix applies),
                          "notes" (stderr notes, without the path), "changed_cells" (numbers)
    <case>.after.ipynb    expected output, byte for byte (absent: must not change)

Each case runs with the default rules through `process_source`, as the command line does; the
output must be a fixed point, only the listed cells may change, and every changed cell must
still parse (with its IPython lines masked). Set UPDATE_FIXTURES=1 to write .after.ipynb files
(then read every diff).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gradfix import records
from gradfix.notebooks import OPAQUE, _prepare_cell
from gradfix.runner import Options, process_source
from gradfix.transforms import default_codes

FIXTURES = Path(__file__).parent / "before_after" / "notebooks"
CHECK = Options(select=frozenset(default_codes()))
FIX = Options(select=frozenset(default_codes()), fix=True)


def _cases() -> list[Path]:
    return sorted(FIXTURES.glob("*.before.ipynb"))


def _text(cell: dict) -> str:  # type: ignore[type-arg]
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


@pytest.mark.parametrize("before", _cases(), ids=lambda p: p.name.removesuffix(".before.ipynb"))
def test_notebook_fixture(before: Path) -> None:
    after = before.with_name(before.name.replace(".before.ipynb", ".after.ipynb"))
    data = before.read_bytes()
    original = json.loads(data)
    expected = original["metadata"]["gradfix-test"]
    path = str(before)

    checked = process_source(path, data, CHECK)
    assert checked.error is None, checked.error
    found = [f"cell_{d.cell}:{d.line}:{d.column}: {d.code}" + (" [*]" if d.fixable else "") for d in checked.diagnostics]
    fixed = process_source(path, data, FIX)
    assert fixed.error is None, fixed.error
    assert found == expected["findings"]  # check mode: what --write would apply is marked the same
    found = [f"cell_{d.cell}:{d.line}:{d.column}: {d.code}" + (" [*]" if d.fixable else "") for d in fixed.diagnostics]
    assert found == expected["findings"]
    assert fixed.notes == [f"{path}:{note}" for note in expected["notes"]]

    output = fixed.fixed if fixed.fixed is not None else data
    if os.environ.get("UPDATE_FIXTURES") and fixed.fixed is not None:
        after.write_bytes(output)
    if after.exists():
        assert fixed.fixed is not None, f"{before.name} did not change"
        assert output.decode("utf-8") == after.read_text(encoding="utf-8")
    else:
        assert fixed.fixed is None, f"{before.name} changed but has no .after.ipynb"
    assert [d for d in fixed.remaining if d.fixable] == []

    new = json.loads(output)
    changed = [i + 1 for i, (a, b) in enumerate(zip(original["cells"], new["cells"])) if a != b]
    assert changed == expected["changed_cells"]
    for number in changed:
        cell, skipped = _prepare_cell(number, _text(new["cells"][number - 1]))
        assert skipped is None and not cell.left_out, f"cell {number} no longer parses"
    again = process_source(path, output, FIX)
    assert again.error is None and again.fixed is None, "a second run changed the fixed notebook"


def test_enough_notebook_fixtures() -> None:
    cases = _cases()
    assert len(cases) >= 8
    assert any(not json.loads(c.read_bytes())["metadata"]["gradfix-test"]["findings"] for c in cases)  # a clean one


def _cells(name: str) -> list[str]:
    notebook = json.loads((FIXTURES / f"{name}.before.ipynb").read_bytes())
    return [_text(cell) for cell in notebook["cells"]]


def test_the_cells_alone_show_nothing(tmp_path: Path) -> None:
    """What the fixtures find needs the other cells: the cell as a file of its own is silent."""
    for name, number in (("optimizer_in_cell_3_loop_in_cell_7", 7), ("helper_in_cell_2_loop_in_cell_5", 2)):
        alone = process_source(str(tmp_path / "cell.py"), _cells(name)[number - 1].encode(), FIX)
        assert alone.error is None and alone.diagnostics == [], (name, alone.diagnostics)


def test_a_quick_fix_names_its_cell() -> None:
    """`Options.only` (a language server's quick fix) carries the cell: positions within it,
    a column after a masked `%time` included."""
    before = FIXTURES / "magic_lines_around_the_fix.before.ipynb"
    data = before.read_bytes()
    only = records.replace(FIX, only=("GF001", 6, 9, 2))
    assert process_source(str(before), data, only).fixed == before.with_name(
        "magic_lines_around_the_fix.after.ipynb"
    ).read_bytes()
    elsewhere = records.replace(FIX, only=("GF001", 6, 9, 1))
    assert process_source(str(before), data, elsewhere).fixed is None
    masked = FIXTURES / "fix_on_a_masked_line_is_reported_without_a_fix.before.ipynb"
    (finding,) = process_source(str(masked), masked.read_bytes(), CHECK).diagnostics
    line = _text(json.loads(masked.read_bytes())["cells"][1]).splitlines()[finding.line - 1]
    assert line[finding.column - 1 : finding.end_column - 1] == "True"  # in the cell, not in its stand-in


@pytest.mark.parametrize(
    "text,masked",
    [
        ("x = (1\n% 2)\nloss.backward()\n", {}),  # plain Python: `%` continuing an expression is no magic
        ("files = !ls\nlog = %sx ls\nloss.backward()\n", {0: ("pass", 0), 1: (OPAQUE, 0)}),
        ("!pip install \\\n    torch\nmodel?\n", {0: ("pass", 0), 1: ("pass", 0), 2: ("pass", 0)}),
        ("for b in data:\n    %time step(b)\n    %timeit step(b)\n", {1: ("    step(b)", 6), 2: ("    " + OPAQUE, 0)}),
        ("%%time\nfrom __future__ import annotations\nx = 1\n", {0: ("pass", 0), 1: ("pass", 0)}),
    ],
    ids=["modulo-continuation", "assigned-shell-and-magic", "continued-shell-and-help", "time-and-timeit", "cell-magic-future"],
)
def test_masking(text: str, masked: dict) -> None:  # type: ignore[type-arg]
    cell, skipped = _prepare_cell(1, text)
    assert skipped is None and not cell.left_out
    assert cell.masks == masked


def test_a_future_import_in_a_later_cell(tmp_path: Path) -> None:
    cells = ["import torch\nmodel = torch.nn.Linear(2, 1)\n", "from __future__ import annotations\nopt = torch.optim.SGD(model.parameters())\n",
             "for x in data:\n    model(x).sum().backward()\n    opt.step()\n"]  # fmt: skip
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": c} for c in cells],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
    result = process_source(str(tmp_path / "nb.ipynb"), json.dumps(notebook).encode(), FIX)
    assert result.error is None and result.notes == []
    assert [(d.cell, d.line, d.code) for d in result.diagnostics] == [(3, 3, "GF001")]
    assert json.loads(result.fixed)["cells"][1]["source"] == cells[1]  # type: ignore[arg-type]


def test_a_notebook_sees_a_helper_module_of_its_project(tmp_path: Path) -> None:
    """The prefilter and the loop model read the code cells' imports: a backward pass in a
    module of the project counts, and the cache result depends on that module."""
    from gradfix.cache import open_cache
    from gradfix.files import discover
    from gradfix.runner import run

    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    helpers = tmp_path / "helpers.py"
    helpers.write_text("def backprop(loss):\n    loss.backward()\n")
    cells = ["import torch\nfrom helpers import backprop\nmodel = torch.nn.Linear(2, 1)\nopt = torch.optim.SGD(model.parameters())\n",
             "for x, y in loader:\n    backprop(torch.nn.functional.mse_loss(model(x), y))\n    opt.step()\n"]  # fmt: skip
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": c} for c in cells],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}  # fmt: skip
    (tmp_path / "nb.ipynb").write_text(json.dumps(notebook, indent=1))

    def check() -> tuple[list[tuple[int | None, int, str]], int]:
        cache = open_cache(str(tmp_path / "cache"), CHECK)
        (result,) = run(list(discover([str(tmp_path / "nb.ipynb")])), CHECK, jobs=1, cache=cache)
        return [(d.cell, d.line, d.code) for d in result.diagnostics], cache.hits

    assert check() == ([(2, 3, "GF001")], 0)
    assert check() == ([(2, 3, "GF001")], 1)  # from the cache
    helpers.write_text("def backprop(loss):\n    pass\n")
    assert check() == ([], 0)
