"""GF033 gradients-read-never-cleared: the unsafe fix on every before-file, findings without a
fix, and near-misses that stay silent (the correct twins are in before_after/clean)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source

FIXTURES = Path(__file__).parent / "before_after" / "GF033_gradients_read_never_cleared"


def _run(code: str, unsafe: bool = True):  # type: ignore[no-untyped-def]
    result = process_source("case.py", code.encode(), Options(select=frozenset({"GF033"}), unsafe_fixes=unsafe, fix=True))
    assert result.error is None, result.error
    return result


_NO_FIX = {"laplace_module_reading_its_own_parameter_pairs", "grad_norms_of_a_step_run_from_a_comprehension_per_epoch_no_fix"}
# a container read by item (`net.layers[i].weight.grad`) that the file does not show to be a
# module, a list or a tuple: `net.layers.zero_grad()` would raise on a plain list
_CONTAINER_UNKNOWN = {
    "bias_gradient_of_a_block_at_a_computed_index_in_a_while_loop_of_a_method",
    "bias_sizes_read_by_attribute_in_a_step_method_never_cleared",
    "gradient_means_of_a_layer_picked_by_index_in_the_loop",
    "gradient_means_of_layers_read_by_a_computed_index",
}


@pytest.mark.parametrize("path", [p for p in sorted(FIXTURES.glob("*.before.py")) if p.name.removesuffix(".before.py") not in _NO_FIX | _CONTAINER_UNKNOWN], ids=lambda p: p.stem)
def test_unsafe_fix_clears_the_read_module_first(path: Path) -> None:
    code = path.read_text(encoding="utf-8")
    result = _run(code)
    [finding] = [d for d in result.diagnostics if d.code == "GF033"]
    if "'s members" in finding.message:  # a plain list or tuple of modules: each member cleared
        module = finding.message.split("the gradients of `", 1)[1].split("`", 1)[0]
        members = f"{module}.values()" if "_plain_dict_" in path.name else module  # (a dict's members are its values)
        clear = f"for member in {members}:\n    member.zero_grad()"
    else:
        module = finding.message.split("reads `", 1)[1].split("`", 1)[0]
        clear = f"{module}.zero_grad()"
    assert result.fixed is not None
    fixed = result.fixed.decode()
    added = [line for line in fixed.splitlines() if line not in code.splitlines()]
    assert [line.strip() for line in added] == [line.strip() for line in clear.splitlines()]
    # the clear is the first statement of the loop whose body backpropagates
    tree = ast.parse(fixed)
    loops = [n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While)) and ".backward(" in ast.unparse(n)]
    # (the innermost: a loop over the members of a list of models, inside the loop over batches)
    loops = [n for n in loops if not any(inner is not n and inner in loops for inner in ast.walk(n))]
    if not loops:  # a step function backpropagates: the loop calling it is the one cleared
        loops = [n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While)) and f"{module}.zero_grad()" in ast.unparse(n)]
    first = loops[0].body[0]
    assert ast.unparse(first) == ast.unparse(ast.parse(clear))  # (`parts["model"]` unparses quoted as `'model'`)
    assert not _run(fixed).diagnostics
    assert _run(code, unsafe=False).fixed is None


def test_parameter_pairs_reported_without_a_fix() -> None:
    # SWAG's shape: the pairs' tensors are sampled into buffers, which `self.zero_grad()` does not clear
    result = _run((FIXTURES / "laplace_module_reading_its_own_parameter_pairs.before.py").read_text(encoding="utf-8"))
    assert [d.code for d in result.diagnostics] == ["GF033"]
    assert result.fixed is None


@pytest.mark.parametrize("name", sorted(_CONTAINER_UNKNOWN))
def test_container_of_unknown_kind_reported_without_a_fix(name: str) -> None:
    # `net.layers` handed in: a plain list of modules has no `zero_grad()`, the fix could raise
    result = _run((FIXTURES / f"{name}.before.py").read_text(encoding="utf-8"))
    [finding] = result.diagnostics
    assert finding.code == "GF033" and "'s members" in finding.message
    assert result.fixed is None


def test_two_modules_read_reported_without_a_fix() -> None:
    code = """
import torch.nn.functional as F


def scores(encoder, head, loader, out):
    for x, y in loader:
        F.cross_entropy(head(encoder(x)), y).backward()
        out.append([p.grad.norm() for p in encoder.parameters()])
        out.append([p.grad.norm() for p in head.parameters()])
"""
    result = _run(code)
    assert [d.code for d in result.diagnostics] == ["GF033"]
    assert result.fixed is None


def test_backward_in_a_local_helper_fixed_in_the_loop() -> None:
    code = """
import torch.nn.functional as F


def backprop(model, x, y):
    F.cross_entropy(model(x), y).backward()


def norms(model, loader):
    out = []
    for x, y in loader:
        backprop(model, x, y)
        out.append(sum(p.grad.norm() for p in model.parameters()))
    return out
"""
    result = _run(code)
    # the helper is followed (no clear in it): the loop's own clear first is the hand fix
    assert [d.code for d in result.diagnostics] == ["GF033"]
    assert result.fixed is not None
    assert result.fixed.decode() == code.replace("    for x, y in loader:\n", "    for x, y in loader:\n        model.zero_grad()\n")


@pytest.mark.parametrize(
    "body",
    [
        # read before the backward: the previous iteration's gradient, on purpose or not
        "out.append(sum(p.grad.norm() for p in model.parameters()))\n        F.cross_entropy(model(x), y).backward()",
        # a backward under a condition
        "if y.sum() > 0:\n            F.cross_entropy(model(x), y).backward()\n        out.append(sum(p.grad.norm() for p in model.parameters()))",
        # only asks whether there is a gradient
        "F.cross_entropy(model(x), y).backward()\n        out.append(all(p.grad is not None for p in model.parameters()))",
        # backward into the inputs only
        "F.cross_entropy(model(x), y).backward(inputs=[x])\n        out.append(sum(p.grad.norm() for p in model.parameters()))",
        # a method of the module that may clear
        "model.reset_state()\n        F.cross_entropy(model(x), y).backward()\n        out.append(sum(p.grad.norm() for p in model.parameters()))",
        # a per-iteration value, never kept
        "F.cross_entropy(model(x), y).backward()\n        g = [p.grad.clone() for p in model.parameters()]\n        print(len(g))",
        # the loop always leaves after one pass
        "F.cross_entropy(model(x), y).backward()\n        out.append(sum(p.grad.norm() for p in model.parameters()))\n        break",
        # the gradients of something else than the module's parameters
        "x.requires_grad_()\n        F.cross_entropy(model(x), y).backward()\n        out.append(x.grad.clone())",
    ],
)
def test_near_misses_stay_silent(body: str) -> None:
    code = f"""
import torch.nn.functional as F


def probe(model, loader):
    out = []
    for x, y in loader:
        {body}
    return out
"""
    assert _run(code).diagnostics == []


def test_helper_growing_a_fresh_value_each_iteration_not_judged() -> None:
    # the accumulator is made anew each iteration: the helper's read is not judged
    code = """
import torch
import torch.nn.functional as F


def add_squares(net, importance):
    for name, param in net.named_parameters():
        importance[name] += param.grad ** 2


def run(net, loader, history):
    for x, y in loader:
        F.cross_entropy(net(x), y).backward()
        current = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
        add_squares(net, current)
        history.append(current)
"""
    assert not _run(code).diagnostics


def test_helper_handed_another_module_not_judged() -> None:
    # the helper reads `other`'s gradients; the loop backpropagates through `net` only
    code = """
import torch.nn.functional as F


def add_squares(net, importance):
    for name, param in net.named_parameters():
        importance[name] += param.grad ** 2


def run(net, other, loader, importance):
    for x, y in loader:
        F.cross_entropy(net(x), y).backward()
        add_squares(other, importance)
"""
    assert not _run(code).diagnostics


_STATS = """import torch


def add_norms(model, history):
    history.append([p.grad.norm().item() for p in model.parameters()])


def add_norms_then_clear(model, history):
    history.append([p.grad.norm().item() for p in model.parameters()])
    model.zero_grad()


def norms_of(model):
    return [p.grad.norm().item() for p in model.parameters()]


def add_squares(params, fisher):
    for i, p in enumerate(params):
        fisher[i] += p.grad.detach() ** 2
"""
_ACROSS = {
    # reported, fixed in the loop of the script
    "module_attribute": (
        "import torch.nn.functional as F\n\nimport stats\n\n\ndef norms_over(model, loader):\n    history = []\n"
        "    for x, y in loader:\n{clear}        F.cross_entropy(model(x), y).backward()\n        stats.add_norms(model, history)\n"
        "    return history\n"
    ),
    "parameter_list_in_a_while_loop": (
        "import torch\nimport torch.nn.functional as F\n\nfrom stats import add_squares\n\n\ndef fisher_over(model, loader):\n"
        "    fisher = [torch.zeros_like(p) for p in model.parameters()]\n    i = 0\n    while i < len(loader):\n{clear}"
        "        x, y = loader[i]\n        F.cross_entropy(model(x), y).backward()\n"
        "        add_squares(list(model.parameters()), fisher)\n        i += 1\n    return fisher\n"
    ),
}
_ACROSS_SILENT = {
    "helper_clears_after_reading": (
        "import torch.nn.functional as F\n\nfrom stats import add_norms_then_clear\n\n\ndef norms_over(model, loader):\n"
        "    history = []\n    for x, y in loader:\n        F.cross_entropy(model(x), y).backward()\n"
        "        add_norms_then_clear(model, history)\n    return history\n"
    ),
    "helper_returns_a_fresh_value": (
        "import torch.nn.functional as F\n\nfrom stats import norms_of\n\n\ndef last_norms(model, loader):\n    last = None\n"
        "    for x, y in loader:\n        F.cross_entropy(model(x), y).backward()\n        last = norms_of(model)\n    return last\n"
    ),
    "read_under_no_grad_of_a_loop_that_clears_and_steps": (
        "import torch\nimport torch.nn.functional as F\n\nfrom stats import add_norms\n\n\ndef train(model, opt, loader):\n"
        "    history = []\n    for x, y in loader:\n        opt.zero_grad(set_to_none=True)\n"
        "        F.cross_entropy(model(x), y).backward()\n        with torch.no_grad():\n            add_norms(model, history)\n"
        "        opt.step()\n    return history\n"
    ),
}


@pytest.mark.parametrize("case", sorted(_ACROSS))
def test_read_in_a_helper_of_another_file_fixed_in_the_loop(tmp_path: Path, case: str) -> None:
    from conftest import run_gradfix

    (tmp_path / ".git").mkdir()
    (tmp_path / "stats.py").write_text(_STATS)
    buggy = _ACROSS[case].replace("{clear}", "")
    (tmp_path / "train.py").write_text(buggy)
    found = run_gradfix("--no-cache", "--select", "ALL", "train.py", cwd=tmp_path)
    assert found.returncode == 1
    [line] = [line for line in found.stdout.decode().splitlines() if line.startswith("train.py:")]
    assert " GF033 " in line and "`model.zero_grad()`" in line
    run_gradfix("--no-cache", "--select", "GF033", "--write", "--unsafe-fixes", ".", cwd=tmp_path)
    hand = _ACROSS[case].replace("{clear}", "        model.zero_grad()\n")
    assert (tmp_path / "train.py").read_text() == hand
    assert (tmp_path / "stats.py").read_text() == _STATS
    # the hand-fixed twin is silent
    assert run_gradfix("--no-cache", "--select", "ALL", "train.py", cwd=tmp_path).returncode == 0


@pytest.mark.parametrize("case", sorted(_ACROSS_SILENT))
def test_read_in_a_helper_of_another_file_near_misses_stay_silent(tmp_path: Path, case: str) -> None:
    from conftest import run_gradfix

    (tmp_path / ".git").mkdir()
    (tmp_path / "stats.py").write_text(_STATS)
    (tmp_path / "train.py").write_text(_ACROSS_SILENT[case])
    found = run_gradfix("--no-cache", "--select", "ALL", "train.py", cwd=tmp_path)
    assert found.returncode == 0, found.stdout.decode()
