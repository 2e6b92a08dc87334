"""`# gradfix: ignore[...]` and `# noqa: ...` on the reported line or the loop's header line."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_gradfix

TEMPLATE = """import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in batches:{header}
    loss = ((model(x) - y) ** 2).mean()
    loss.backward(){backward}
    optimizer.step(){step}
"""
SUPPRESSING = ["# gradfix: ignore", "# gradfix: ignore[GF001]", "# gradfix: ignore[GF003,GF001]", "# noqa: GF001", "# noqa"]
NOT_SUPPRESSING = ["# gradfix: ignore[GF002]", "# noqa: GF002", "# noqa: E501", "# gradfix ignore"]


def _cases(tmp_path: Path) -> dict[str, str]:
    """file name -> source; `sup_*` must be silent, `keep_*` must still report GF001."""
    cases = {"keep_plain.py": TEMPLATE.format(header="", backward="", step="")}
    for i, comment in enumerate(SUPPRESSING):
        cases[f"sup_step_{i}.py"] = TEMPLATE.format(header="", backward="", step="  " + comment)
        cases[f"sup_header_{i}.py"] = TEMPLATE.format(header="  " + comment, backward="", step="")
    for i, comment in enumerate(NOT_SUPPRESSING):
        cases[f"keep_step_{i}.py"] = TEMPLATE.format(header="", backward="", step="  " + comment)
        cases[f"keep_header_{i}.py"] = TEMPLATE.format(header="  " + comment, backward="", step="")
    # a directive on a line that is neither the reported one nor the loop header
    cases["keep_other_line.py"] = TEMPLATE.format(header="", backward="  # noqa: GF001", step="")
    for name, source in cases.items():
        (tmp_path / name).write_text(source)
    return cases


def test_suppressed_findings_are_neither_reported_nor_fixed(tmp_path: Path) -> None:
    cases = _cases(tmp_path)
    found = json.loads(run_gradfix("--format", "json", ".", cwd=tmp_path).stdout)
    reported = {d["file"] for d in found}
    assert reported == {name for name in cases if name.startswith("keep_")}
    assert {d["code"] for d in found} == {"GF001"}
    # the step line is the reported one
    assert {d["line"] for d in found} == {9}

    result = run_gradfix("--write", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for name, source in cases.items():
        after = (tmp_path / name).read_text()
        if name.startswith("sup_"):
            assert after == source, name
        else:
            assert "optimizer.zero_grad(set_to_none=True)" in after, name


def test_text_output_honours_suppressions_too(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(TEMPLATE.format(header="", backward="", step="  # gradfix: ignore[GF001]"))
    result = run_gradfix("a.py", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == b""
