"""GF033 (unsafe fix): a loop that backpropagates per batch and reads its parameters' `.grad`
without clearing them reads running sums. Run with real torch, the rewritten loop (gradfix's
unsafe fix: `model.zero_grad()` at the start of each iteration) computes exactly the estimate
of the loop cleared by hand (a clear at the start, or `p.grad = None` after each read), and the
buggy loop computes a different one. The default (safe) fixes leave the loop unchanged."""

from __future__ import annotations

import torch

from gradfix.runner import Options, process_source

_HEAD = """
import torch
import torch.nn.functional as F
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3))
loader = [(torch.randn(5, 4), torch.randint(0, 3, (5,))) for _ in range(4)]
"""
_FISHER = """
def fisher_diagonal(model, loader):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2
{after_read}    return fisher


result = fisher_diagonal(model, loader)
"""
_PER_SAMPLE = """
def per_sample_gradients(model, loader):
    grads = []
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        g = {n: p.grad.clone() for n, p in model.named_parameters()}
        grads.append(g)
    return grads


result = per_sample_gradients(model, loader)
"""
_NORMS = """
class Probe:
    def __init__(self, net):
        self.net = net
        self.norms = []

    def run(self, loader):
        i = 0
        while i < len(loader):
            x, y = loader[i]
            F.cross_entropy(self.net(x), y).backward()
            self.norms.append(torch.stack([p.grad.norm() for p in self.net.parameters()]).sum())
            i += 1


probe = Probe(model)
probe.run(loader)
result = probe.norms
"""


def _run(code: str) -> object:
    scope: dict[str, object] = {}
    threads = torch.get_num_threads()
    try:
        exec(compile(code, "<gf033>", "exec"), scope)
    finally:
        torch.set_num_threads(threads)
    return scope["result"]


def _fixed(code: str, unsafe: bool = True) -> str:
    result = process_source("gf033.py", code.encode(), Options(select=frozenset({"GF033"}), unsafe_fixes=unsafe, fix=True))
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF033"]
    return (result.fixed or code.encode()).decode()


def _flat(value: object) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, dict):
        return [t for k in sorted(value) for t in _flat(value[k])]
    return [t for item in value for t in _flat(item)]  # type: ignore[attr-defined]


def _same(a: object, b: object) -> bool:
    left, right = _flat(a), _flat(b)
    return len(left) == len(right) and all(torch.equal(x, y) for x, y in zip(left, right))


def _clear_first(code: str, loop: str, module: str) -> str:
    indent = loop[: len(loop) - len(loop.lstrip())] + "    "
    return code.replace(loop + "\n", f"{loop}\n{indent}{module}.zero_grad()\n", 1)


def test_fisher_diagonal_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _FISHER.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    assert "        model.zero_grad()\n        loss = F.cross_entropy" in rewritten
    cleared_after_each_read = _HEAD + _FISHER.replace("{after_read}", "            p.grad = None\n")
    assert _same(_run(rewritten), _run(cleared_after_each_read))
    assert _same(_run(rewritten), _run(_clear_first(buggy, "    for x, y in loader:", "model")))
    assert not _same(_run(buggy), _run(cleared_after_each_read))
    assert _fixed(buggy, unsafe=False) == buggy  # unsafe: --write alone leaves it


def test_per_sample_gradients_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _PER_SAMPLE
    rewritten = _fixed(buggy)
    hand = _clear_first(buggy, "    for x, y in loader:", "model")
    assert rewritten == hand
    fixed, bug = _run(rewritten), _run(buggy)
    assert _same(fixed, _run(hand))
    assert _same(fixed[0], bug[0]) and not _same(fixed[1:], bug[1:])  # type: ignore[index]
    # each rewritten entry is that batch's own gradient
    x, y = _run(_HEAD + "result = loader")[2]  # type: ignore[index]
    scope: dict[str, object] = {}
    exec(compile(_HEAD, "<gf033>", "exec"), scope)
    net = scope["model"]
    torch.nn.functional.cross_entropy(net(x), y).backward()  # type: ignore[operator]
    own = {n: p.grad for n, p in net.named_parameters()}  # type: ignore[attr-defined]
    assert _same(fixed[2], own)  # type: ignore[index]


def test_norms_in_a_while_loop_of_a_method_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _NORMS
    rewritten = _fixed(buggy)
    hand = _clear_first(buggy, "        while i < len(loader):", "self.net")
    assert rewritten == hand
    assert _same(_run(rewritten), _run(hand))
    assert not _same(_run(rewritten), _run(buggy))


_HELPER = """
def add_squares(net, importance):
    for name, param in net.named_parameters():
        importance[name] += param.grad.detach() ** 2
{after_read}

def fisher_through_a_helper(net, batches):
    importance = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
    for x, y in batches:
        F.cross_entropy(net(x), y).backward()
        add_squares(net, importance)
    return importance


result = fisher_through_a_helper(model, loader)
"""
_STEP_FUNCTION = """
class Estimator:
    def __init__(self, backbone):
        self.backbone = backbone
        self.scores = {n: torch.zeros_like(p) for n, p in backbone.named_parameters()}

    def observe(self, x, y):
{clear}        F.cross_entropy(self.backbone(x), y).backward()
        for n, p in self.backbone.named_parameters():
            self.scores[n].add_(p.grad.pow(2))

    def estimate(self, batches):
        for x, y in batches:
            self.observe(x, y)
        return self.scores


result = Estimator(model).estimate(loader)
"""
_FILTERED = """
def diagonal_fisher(net, batches):
    net[0].bias.requires_grad_(False)
    trainable = list(filter(lambda t: t.requires_grad, net.parameters()))
    diagonal = [torch.zeros_like(t) for t in trainable]
    for x, y in batches:
        F.cross_entropy(net(x), y).backward()
        for d, t in zip(diagonal, trainable):
            d += t.grad.detach() ** 2
{after_read}    return diagonal


result = diagonal_fisher(model, loader)
"""


def test_read_in_a_helper_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _HELPER.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    assert rewritten == _clear_first(buggy, "    for x, y in batches:", "net")
    dropped = _HEAD + _HELPER.replace("{after_read}", "        param.grad = None\n")
    assert _same(_run(rewritten), _run(dropped))
    assert not _same(_run(rewritten), _run(buggy))
    assert _fixed(buggy, unsafe=False) == buggy


def test_step_function_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _STEP_FUNCTION.replace("{clear}", "")
    rewritten = _fixed(buggy)
    assert rewritten == _clear_first(buggy, "        for x, y in batches:", "self.backbone")
    hand = _HEAD + _STEP_FUNCTION.replace("{clear}", "        self.backbone.zero_grad()\n")
    assert _same(_run(rewritten), _run(hand))
    assert not _same(_run(rewritten), _run(buggy))


def test_filtered_parameter_list_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _FILTERED.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    assert rewritten == _clear_first(buggy, "    for x, y in batches:", "net")
    dropped = _HEAD + _FILTERED.replace("{after_read}", "            t.grad = None\n")
    fixed = _run(rewritten)
    assert len(fixed) == 3  # type: ignore[arg-type]  # the frozen bias is not in the list
    assert _same(fixed, _run(dropped))
    assert not _same(fixed, _run(buggy))


_HANDED_LIST = """
def record_norms(weights, history):
    history.append(torch.stack([w.grad.norm() for w in weights]))
{after_read}

def norm_trace(net, batches):
    history = []
    for x, y in batches:
        F.cross_entropy(net(x), y).backward()
        record_norms(list(net.parameters()), history)
    return history


result = norm_trace(model, loader)
"""


def test_parameter_list_handed_to_a_helper_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _HANDED_LIST.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    assert rewritten == _clear_first(buggy, "    for x, y in batches:", "net")
    dropped = _HEAD + _HANDED_LIST.replace("{after_read}", "    for w in weights:\n        w.grad = None\n")
    fixed, bug = _run(rewritten), _run(buggy)
    assert _same(fixed, _run(dropped))
    assert _same(fixed[0], bug[0]) and not _same(fixed[1:], bug[1:])  # type: ignore[index]


_COMPONENTS = """
def saliency(comps, batches):
    comps["importance"] = {n: torch.zeros_like(p) for n, p in comps['net'].named_parameters()}
    for x, y in batches:
        F.cross_entropy(comps['net'](x), y).backward()
        for n, p in comps['net'].named_parameters():
            comps["importance"][n] += p.grad.abs()
{after_read}    return comps["importance"]


result = saliency({'net': model}, loader)
"""
_CALLABLE = """
class Accumulate:
    def __init__(self, net):
        self.net = net
        self.total = [torch.zeros_like(p) for p in net.parameters()]

    def __call__(self, x, y):
{clear}        F.cross_entropy(self.net(x), y).backward()
        for t, p in zip(self.total, self.net.parameters()):
            t.add_(p.grad.pow(2))


acc = Accumulate(model)
step = 0
while step < len(loader):
    acc(*loader[step])
    step += 1
result = acc.total
"""


def test_module_item_of_a_dict_of_components_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _COMPONENTS.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    assert rewritten == _clear_first(buggy, "    for x, y in batches:", "comps['net']")  # written as the file quotes it
    dropped = _HEAD + _COMPONENTS.replace("{after_read}", "            p.grad = None\n")
    assert _same(_run(rewritten), _run(dropped))
    assert not _same(_run(rewritten), _run(buggy))
    assert _fixed(buggy, unsafe=False) == buggy


def test_read_in_the_call_method_of_an_object_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _CALLABLE.replace("{clear}", "")
    rewritten = _fixed(buggy)
    assert rewritten == _clear_first(buggy, "while step < len(loader):", "acc.net")
    hand = _HEAD + _CALLABLE.replace("{clear}", "        self.net.zero_grad()\n")
    assert _same(_run(rewritten), _run(hand))
    assert not _same(_run(rewritten), _run(buggy))


_STATS_MODULE = """
def add_squares(net, importance):
    for n, p in net.named_parameters():
        importance[n] += p.grad.detach() ** 2
{clear}"""
_IMPORTING_LOOP = """
import torch
import torch.nn.functional as F

from fisher_stats import add_squares


def fisher_with_an_imported_helper(net, batches):
    importance = {n: torch.zeros_like(p) for n, p in net.named_parameters()}
    for x, y in batches:
        loss = F.cross_entropy(net(x), y)
        loss.backward()
        add_squares(net, importance)
    return importance
"""


def _run_project(folder, train: str, stats: str) -> object:  # type: ignore[no-untyped-def]
    """`train` run with `fisher_stats` (the helper module of `stats`) importable."""
    import sys
    import types

    helper = types.ModuleType("fisher_stats")
    exec(compile(stats, "<gf033-stats>", "exec"), helper.__dict__)
    saved = sys.modules.get("fisher_stats")
    sys.modules["fisher_stats"] = helper
    try:
        return _run(_HEAD + train + "\nresult = fisher_with_an_imported_helper(model, loader)\n")
    finally:
        if saved is None:
            sys.modules.pop("fisher_stats", None)
        else:
            sys.modules["fisher_stats"] = saved


def test_read_in_a_helper_of_another_file_rewritten_like_the_hand_fix(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The `.grad` read sits in a module of the project the training script imports: the
    unsafe fix clears in the script's loop, and trains like the helper clearing after its read."""
    from conftest import run_gradfix

    (tmp_path / ".git").mkdir()
    stats = _STATS_MODULE.replace("{clear}", "")
    (tmp_path / "fisher_stats.py").write_text(stats)
    (tmp_path / "train.py").write_text(_IMPORTING_LOOP)
    found = run_gradfix("--no-cache", "--select", "GF033", "train.py", cwd=tmp_path)
    assert found.returncode == 1 and "train.py:13:9: GF033 `add_squares(net, importance)`" in found.stdout.decode()
    run_gradfix("--no-cache", "--select", "GF033", "--write", "--unsafe-fixes", ".", cwd=tmp_path)
    rewritten = (tmp_path / "train.py").read_text()
    assert (tmp_path / "fisher_stats.py").read_text() == stats
    assert rewritten == _clear_first(_IMPORTING_LOOP, "    for x, y in batches:", "net")
    cleared_in_the_helper = _STATS_MODULE.replace("{clear}", "    net.zero_grad()\n")
    assert _same(_run_project(tmp_path, rewritten, stats), _run_project(tmp_path, _IMPORTING_LOOP, cleared_in_the_helper))
    assert not _same(_run_project(tmp_path, _IMPORTING_LOOP, stats), _run_project(tmp_path, rewritten, stats))
    # the hand-fixed helper (it clears after its read) leaves the script silent
    (tmp_path / "train.py").write_text(_IMPORTING_LOOP)
    (tmp_path / "fisher_stats.py").write_text(cleared_in_the_helper)
    assert run_gradfix("--no-cache", "--select", "GF033", "train.py", cwd=tmp_path).returncode == 0


_MEMBERS = """
members = [model, torch.nn.Sequential(torch.nn.Linear(4, 3))]


def member_gradient_norms(members, batches):
    traces = [[] for _ in members]
    for x, y in batches:
        for net, trace in zip(members, traces):
            F.cross_entropy(net(x), y).backward()
            trace.append(torch.stack([w.grad.norm() for w in net.parameters()]).sum())
{after_read}    return traces


result = member_gradient_norms(members, loader)
"""


def test_members_of_a_list_received_rewritten_like_the_hand_fix() -> None:
    """A list of models the function receives, walked on every batch: the clear goes at the
    start of the member loop, and trains like dropping each member's gradients after its read."""
    buggy = _HEAD + _MEMBERS.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    assert rewritten == _clear_first(buggy, "        for net, trace in zip(members, traces):", "net")
    dropped = _HEAD + _MEMBERS.replace("{after_read}", "            net.zero_grad(set_to_none=True)\n")
    assert _same(_run(rewritten), _run(dropped))
    assert not _same(_run(rewritten), _run(buggy))
    assert _fixed(buggy, unsafe=False) == buggy


# the norms kept in per-name lists reached through `setdefault` (a `while` over a batch iterator)
_SETDEFAULT = """
def probe_gradients(model, loader):
    stats = {}
    batches = iter(loader)
    while (batch := next(batches, None)) is not None:
        x, y = batch
        F.cross_entropy(model(x), y).backward()
        for name, p in model.named_parameters():
            stats.setdefault(name, []).append(p.grad.norm())
{after_read}    return stats


result = probe_gradients(model, loader)
"""


def test_norms_kept_through_setdefault_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _SETDEFAULT.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    hand = _clear_first(buggy, "    while (batch := next(batches, None)) is not None:", "model")
    assert rewritten == hand
    cleared_after_each_read = _HEAD + _SETDEFAULT.replace("{after_read}", "            p.grad = None\n")
    assert _same(_run(rewritten), _run(cleared_after_each_read))
    assert not _same(_run(buggy), _run(cleared_after_each_read))
    assert _fixed(buggy, unsafe=False) == buggy  # unsafe: --write alone leaves it


# the members of a list an object keeps (`self.members`), walked again for each batch
_SELF_MEMBERS = """
class Ensemble:
    def __init__(self, members):
        self.members = members
        self.norms = [[] for _ in members]

    def record(self, loader):
        for x, y in loader:
            for k, net in enumerate(self.members):
                F.cross_entropy(net(x), y).backward()
                self.norms[k].append(torch.stack([p.grad.norm() for p in net.parameters()]))
{after_read}        return self.norms


torch.manual_seed(1)
other = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3))
result = Ensemble([model, other]).record(loader)
"""


def test_members_an_object_keeps_rewritten_like_the_hand_fix() -> None:
    buggy = _HEAD + _SELF_MEMBERS.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    hand = _clear_first(buggy, "            for k, net in enumerate(self.members):", "net")
    assert rewritten == hand
    cleared_after_each_read = _HEAD + _SELF_MEMBERS.replace("{after_read}", "                net.zero_grad()\n")
    assert _same(_run(rewritten), _run(cleared_after_each_read))
    assert not _same(_run(buggy), _run(cleared_after_each_read))
    assert _fixed(buggy, unsafe=False) == buggy  # unsafe: --write alone leaves it


_SALIENCY = """
def input_saliency(model, loader):
    saliency = torch.zeros(4)
    for x, y in loader:
        x = x.clone().requires_grad_(True)
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        saliency += model[0].weight.grad.abs().sum(0)
{after_read}    return saliency


result = input_saliency(model, loader)
"""


def test_weight_read_by_attribute_rewritten_like_the_hand_fix() -> None:
    # `model[0].weight.grad`: a submodule's parameter read by attribute, not through
    # `parameters()`; the input made to require gradients is no parameter
    buggy = _HEAD + _SALIENCY.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    assert rewritten == _clear_first(buggy, "    for x, y in loader:", "model")
    dropped = _HEAD + _SALIENCY.replace("{after_read}", "        model[0].weight.grad = None\n")
    assert _same(_run(rewritten), _run(dropped))
    assert not _same(_run(rewritten), _run(buggy))
    assert _fixed(buggy, unsafe=False) == buggy


_PLAIN_LIST = """
class Tower(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = [torch.nn.Linear(4, 4), torch.nn.Linear(4, 4)]  # a plain list: no `zero_grad()`

    def forward(self, x):
        for stage in self.stages:
            x = torch.tanh(stage(x))
        return x


def stage_means(tower, loader):
    means = []
    for x, y in loader:
        F.mse_loss(tower(x), x).backward()
        for k in range(2):
            means.append(tower.stages[k].weight.grad.abs().mean())
{after_read}    return means


result = stage_means(Tower(), loader)
"""


def test_members_of_a_plain_list_read_by_item_cleared_one_by_one() -> None:
    buggy = _HEAD + _PLAIN_LIST.replace("{after_read}", "")
    rewritten = _fixed(buggy)
    assert "        for member in tower.stages:\n            member.zero_grad()\n        F.mse_loss" in rewritten
    cleared_after_each_read = _HEAD + _PLAIN_LIST.replace("{after_read}", "            tower.stages[k].weight.grad = None\n")
    assert _same(_run(rewritten), _run(cleared_after_each_read))
    assert not _same(_run(buggy), _run(cleared_after_each_read))
    try:  # the container's own clear, which the fix does not write, raises on a plain list
        _run(_clear_first(buggy, "    for x, y in loader:", "tower.stages"))
    except AttributeError as error:
        assert "zero_grad" in str(error)
    else:
        raise AssertionError("a plain list has no zero_grad()")
