"""GF001 on the seed scenarios: after `gradfix --write`, the loop trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.behaviour.harness import apply_gradfix, assert_same_training, example_path, reference_path, run_script

SCRIPTS = ["tinymlp_no_zero_grad.py", "linreg_no_zero_grad.py"]


@pytest.mark.parametrize("name", SCRIPTS)
def test_fixed_script_trains_like_hand_fixed(name: str, tmp_path: Path) -> None:
    original = example_path(name)
    fixed = apply_gradfix(original, tmp_path, "--select", "GF001")
    source = fixed.read_text()
    assert source != original.read_text(), "gradfix changed nothing"
    assert ".zero_grad(set_to_none=True)" in source

    result = run_script(fixed)
    expected = run_script(reference_path(name))
    assert_same_training(result, expected)

    buggy = run_script(original)
    assert buggy["losses"] != expected["losses"], "the bug must change training, or this test proves nothing"


def test_linreg_gradient_norm_stops_growing(tmp_path: Path) -> None:
    """The seed's symptom: without zero_grad the gradient norm grows batch after batch."""
    name = "linreg_no_zero_grad.py"
    buggy = run_script(example_path(name))["extra"]["grad_norms"]
    fixed = run_script(apply_gradfix(example_path(name), tmp_path))["extra"]["grad_norms"]
    assert all(later > earlier for earlier, later in zip(buggy[:5], buggy[1:6]))
    assert max(fixed) < max(buggy)


@pytest.mark.parametrize("name", SCRIPTS)
def test_backward_imported_under_another_name(name: str, tmp_path: Path) -> None:
    """The same loop calling `torch.autograd.backward` imported as `bw`: its text never says
    `backward` where the loop runs it. Fixed, it trains like the hand-fixed script."""
    text = example_path(name).read_text()
    assert text.count("loss.backward()") == 1
    aliased = text.replace("import torch\n", "import torch\nfrom torch.autograd import backward as bw\n", 1)
    aliased = aliased.replace("loss.backward()", "bw(loss)")
    source = tmp_path / "src" / name
    source.parent.mkdir()
    source.write_text(aliased)
    fixed = apply_gradfix(source, tmp_path / "fixed", "--select", "GF001")
    assert ".zero_grad(set_to_none=True)" in fixed.read_text(), "gradfix changed nothing"
    assert_same_training(run_script(fixed), run_script(reference_path(name)))


@pytest.mark.parametrize("name", SCRIPTS)
def test_step_spelled_through_getattr(name: str, tmp_path: Path) -> None:
    """The same loop stepping through `getattr(opt, "step")()`: the method call `opt.step()`,
    read as such. Fixed, it trains like the hand-fixed script."""
    text = example_path(name).read_text()
    receiver = "optimizer" if "optimizer.step()" in text else "opt"
    assert text.count(f"{receiver}.step()") == 1
    source = tmp_path / "src" / name
    source.parent.mkdir()
    source.write_text(text.replace(f"{receiver}.step()", f'getattr({receiver}, "step")()'))
    fixed = apply_gradfix(source, tmp_path / "fixed", "--select", "GF001")
    assert f"{receiver}.zero_grad(set_to_none=True)" in fixed.read_text(), "gradfix changed nothing"
    assert_same_training(run_script(fixed), run_script(reference_path(name)))


@pytest.mark.parametrize("spelling", ["getattr", "bound"])
def test_backward_spelled_through_getattr_or_a_bound_name(spelling: str, tmp_path: Path) -> None:
    """The linear-regression loop whose only backward is `getattr(loss, "backward")()`, or
    `go_back = loss.backward` then `go_back()`: `loss.backward()`, read as such. Fixed, it
    trains like the hand-fixed script."""
    name = "linreg_no_zero_grad.py"
    text = example_path(name).read_text()
    assert text.count("loss.backward()") == 1
    line = next(l for l in text.splitlines() if l.strip() == "loss.backward()")
    indent = line[: len(line) - len(line.lstrip())]
    written = 'getattr(loss, "backward")()' if spelling == "getattr" else f"go_back = loss.backward\n{indent}go_back()"
    source = tmp_path / "src" / name
    source.parent.mkdir()
    source.write_text(text.replace("loss.backward()", written))
    fixed = apply_gradfix(source, tmp_path / "fixed", "--select", "GF001")
    assert ".zero_grad(set_to_none=True)" in fixed.read_text(), "gradfix changed nothing"
    assert_same_training(run_script(fixed), run_script(reference_path(name)))
