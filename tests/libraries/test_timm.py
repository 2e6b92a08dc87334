"""Proofs for gradfix/libraries/timm.py: timm's NativeScaler, ApexScaler and Lookahead, and Apex amp.

`import timm` (and `import timm.utils`) fails here: timm's package __init__ imports its
layers, which import torchvision, and torchvision is kept out of the test environment (its
only wheels here are CUDA builds that do not import beside the CPU torch). The scalers live
in timm/utils/cuda.py and Lookahead in timm/optim/lookahead.py, which need only torch, so the
tests load those files from the installed timm as submodules of empty package shells, without
running the package __init__: the code that runs is timm's own. Apex cannot be installed;
ApexScaler runs against our stand-in of `apex.amp` (tests/libraries/standins/apex_amp.py).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from . import _tiny  # noqa: E402
from .standins import apex_amp  # noqa: E402

pytestmark = [pytest.mark.xdist_group("timm"), pytest.mark.filterwarnings("ignore")]


@pytest.fixture
def timm_module(monkeypatch):
    """Load `timm.<dotted>` from the installed wheel without timm/__init__.py (see the module doc)."""
    spec = importlib.util.find_spec("timm")
    if spec is None or spec.origin is None:
        pytest.skip("timm is not installed (pip install --no-deps timm)")
    root = Path(spec.origin).parent
    saved = {name: module for name, module in sys.modules.items() if name == "timm" or name.startswith("timm.")}
    for name in list(saved):
        del sys.modules[name]
    for package in ("timm", "timm.utils", "timm.optim", "timm.loss"):
        shell = types.ModuleType(package)
        shell.__path__ = [str(root.joinpath(*package.split(".")[1:]))]
        sys.modules[package] = shell

    def load(dotted: str, *, apex=None):
        if apex is not None:
            monkeypatch.setitem(sys.modules, "apex", types.SimpleNamespace(amp=apex))
            monkeypatch.setitem(sys.modules, "apex.amp", apex)
        return importlib.import_module(dotted)

    yield load
    for name in [n for n in sys.modules if n == "timm" or n.startswith("timm.")]:
        del sys.modules[name]
    sys.modules.update(saved)


def _hand_step(batch, *, clip: float | None = None) -> torch.nn.Module:
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    _tiny.mse(model, batch).backward()
    if clip is not None:
        torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    opt.step()
    return model


def test_native_scaler_backward_and_step_without_clear(timm_module) -> None:
    cuda = timm_module("timm.utils.cuda")
    batch = _tiny.batches(1)[0]
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = cuda.NativeScaler(device="cpu")
    assert scaler._scaler.is_enabled()
    scaler(_tiny.mse(model, batch), opt)
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand_step(batch)))
    # the gradients are still there after the call (unscaled by the step): it does not clear
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    assert all(g is not None for g in _tiny.grads(model))
    assert _tiny.same(_tiny.grads(model), _tiny.grads(by_hand))


def test_native_scaler_unscales_before_clipping(timm_module) -> None:
    cuda = timm_module("timm.utils.cuda")
    batch = _tiny.batches(1)[0]
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    cuda.NativeScaler(device="cpu")(_tiny.mse(model, batch), opt, clip_grad=0.01, parameters=model.parameters())
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand_step(batch, clip=0.01)))


def test_native_scaler_need_update_false_only_backpropagates(timm_module) -> None:
    cuda = timm_module("timm.utils.cuda")
    data = _tiny.batches(2)
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = cuda.NativeScaler(device="cpu")
    before = _tiny.weights(model)
    scaler(_tiny.mse(model, data[0]) / 2, opt, need_update=False)
    assert _tiny.same(_tiny.weights(model), before, exact=True)
    scaler(_tiny.mse(model, data[1]) / 2, opt)
    by_hand = _tiny.linear()
    hand_opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for batch in data:
        (_tiny.mse(by_hand, batch) / 2).backward()
    hand_opt.step()
    assert _tiny.same(_tiny.weights(model), _tiny.weights(by_hand))


def test_native_scaler_default_device_is_disabled_without_cuda(timm_module) -> None:
    """NativeScaler() asks for a CUDA GradScaler; without CUDA torch disables it, so the call is a
    plain backward + step (still no clear)."""
    cuda = timm_module("timm.utils.cuda")
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    batch = _tiny.batches(1)[0]
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = cuda.NativeScaler()
    assert not scaler._scaler.is_enabled()
    scaler(_tiny.mse(model, batch), opt)
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand_step(batch)))
    assert all(g is not None for g in _tiny.grads(model))


def test_scheduler_counting_updates_ignores_step(timm_module) -> None:
    """A timm scheduler counting updates (`t_in_epochs=False`, or create_scheduler_v2's
    `step_on_epochs=False`) ignores `step(epoch)`: stepped that way only, the rate never leaves
    its first value; `step_update(n)` moves it (GF020). Counting epochs, `step(epoch)` moves it."""
    factory = timm_module("timm.scheduler.scheduler_factory")
    cosine = timm_module("timm.scheduler.cosine_lr")

    def rates(build, stepper) -> list[float]:
        opt = torch.optim.SGD(_tiny.linear().parameters(), lr=0.1)
        sched = build(opt)
        seen = []
        for epoch in range(3):
            stepper(sched, epoch)
            seen.append(opt.param_groups[0]["lr"])
        return seen

    by_updates = lambda opt: factory.create_scheduler_v2(opt, "cosine", num_epochs=3, step_on_epochs=False, updates_per_epoch=4)[0]  # noqa: E731
    by_class = lambda opt: cosine.CosineLRScheduler(opt, t_initial=12, t_in_epochs=False)  # noqa: E731
    by_epochs = lambda opt: factory.create_scheduler_v2(opt, "cosine", num_epochs=3)[0]  # noqa: E731
    for build in (by_updates, by_class):
        assert rates(build, lambda sched, epoch: sched.step(epoch + 1)) == [0.1, 0.1, 0.1]
        assert rates(build, lambda sched, epoch: sched.step_update((epoch + 1) * 4))[-1] < 0.1
    assert rates(by_epochs, lambda sched, epoch: sched.step(epoch + 1))[0] < 0.1


def test_apex_scaler_backward_clip_step_without_clear(timm_module) -> None:
    cuda = timm_module("timm.utils.cuda", apex=apex_amp.amp)
    assert cuda.has_apex
    batch = _tiny.batches(1)[0]
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    cuda.ApexScaler()(_tiny.mse(model, batch), opt, clip_grad=0.01)
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand_step(batch, clip=0.01)))
    assert all(g is not None for g in _tiny.grads(model))


def test_apex_scale_loss_stand_in_scales_then_unscales() -> None:
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    before = _tiny.weights(model)
    with apex_amp.amp.scale_loss(_tiny.mse(model, batch), opt) as scaled:
        scaled.backward()
        inside = _tiny.grads(model)
    assert all(torch.allclose(i, apex_amp.amp.loss_scale * h) for i, h in zip(inside, _tiny.grads(by_hand)))
    assert _tiny.same(_tiny.grads(model), _tiny.grads(by_hand))  # unscaled on exit
    assert _tiny.same(_tiny.weights(model), before, exact=True)  # no step
    with apex_amp.amp.scale_loss(_tiny.mse(model, batch), opt, delay_unscale=True) as scaled:
        scaled.backward()
    # left scaled (and added to the unscaled gradient already there): g + scale * g
    expected = [(1 + apex_amp.amp.loss_scale) * g for g in _tiny.grads(by_hand)]
    assert all(torch.allclose(a, b) for a, b in zip(_tiny.grads(model), expected))


def test_apex_master_params_only_yields_parameters() -> None:
    """The stand-in's `amp.master_params(optimizer)`: the optimizer's parameters, and no
    gradient, weight or step changed by asking for them (what a clip of them is given)."""
    batch = _tiny.batches(1)[0]
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    _tiny.mse(model, batch).backward()
    grads, weights = _tiny.grads(model), _tiny.weights(model)
    params = list(apex_amp.amp.master_params(opt))
    assert [id(p) for p in params] == [id(p) for p in model.parameters()]
    assert _tiny.same(_tiny.grads(model), grads, exact=True)
    assert _tiny.same(_tiny.weights(model), weights, exact=True)


def test_lookahead_steps_base_and_clears_shared_params(timm_module) -> None:
    lookahead = timm_module("timm.optim.lookahead")
    data = _tiny.batches(3)
    model = _tiny.linear()
    opt = lookahead.Lookahead(torch.optim.SGD(model.parameters(), lr=0.1), alpha=0.5, k=2)
    by_hand = _tiny.linear()
    hand_opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    slow = None  # timm creates the slow copy at the first sync, from the fast weights of that moment
    for i, batch in enumerate(data):
        opt.zero_grad()
        assert all(p.grad is None for p in model.parameters())
        _tiny.mse(model, batch).backward()
        opt.step()
        hand_opt.zero_grad()
        _tiny.mse(by_hand, batch).backward()
        hand_opt.step()
        if (i + 1) % 2 == 0:  # every k steps: slow += alpha * (fast - slow); fast = slow
            if slow is None:
                slow = _tiny.weights(by_hand)
            with torch.no_grad():
                for s, p in zip(slow, by_hand.parameters()):
                    s.add_(p - s, alpha=0.5)
                    p.copy_(s)
    assert _tiny.same(_tiny.weights(model), _tiny.weights(by_hand))


def test_dispatch_clip_grad_clips_the_gradients_in_place(timm_module) -> None:
    """gradfix takes `dispatch_clip_grad(parameters, value, mode)` for a clip (GF010 moves it
    before the step like `clip_grad_norm_`): timm's function changes `.grad` in place, as
    torch's clip of the same mode does."""
    clip_grad = timm_module("timm.utils.clip_grad")
    batch = _tiny.batches(1)[0]
    for mode, torch_clip in (("norm", torch.nn.utils.clip_grad_norm_), ("value", torch.nn.utils.clip_grad_value_)):
        ours, theirs = _tiny.linear(), _tiny.linear()
        _tiny.mse(ours, batch).backward()
        _tiny.mse(theirs, batch).backward()
        before = [p.grad.clone() for p in ours.parameters()]
        clip_grad.dispatch_clip_grad(list(ours.parameters()), 0.01, mode=mode)
        torch_clip(list(theirs.parameters()), 0.01)
        assert any(not torch.equal(b, p.grad) for b, p in zip(before, ours.parameters()))
        for mine, reference in zip(ours.parameters(), theirs.parameters()):
            assert torch.allclose(mine.grad, reference.grad)


def test_timm_cross_entropies_take_logits(timm_module) -> None:
    """GF018 takes `SoftTargetCrossEntropy` and `LabelSmoothingCrossEntropy` for losses that
    expect logits: their forward applies `log_softmax` to the input itself."""
    losses = timm_module("timm.loss.cross_entropy")
    torch.manual_seed(0)
    logits = torch.randn(6, 4)
    soft = torch.softmax(torch.randn(6, 4), dim=-1)
    expected = (-soft * torch.log_softmax(logits, dim=-1)).sum(-1).mean()
    assert torch.allclose(losses.SoftTargetCrossEntropy()(logits, soft), expected)
    hard = torch.tensor([0, 1, 2, 3, 0, 1])
    smoothed = losses.LabelSmoothingCrossEntropy(smoothing=0.0)(logits, hard)
    assert torch.allclose(smoothed, torch.nn.functional.cross_entropy(logits, hard))


def test_timm_binary_cross_entropy_takes_logits(timm_module) -> None:
    """GF018 takes timm's `BinaryCrossEntropy` for a loss on logits: its forward is
    `binary_cross_entropy_with_logits` (class indices made one-hot over the input's last
    dimension, smoothed), so a `sigmoid` before it squashes the logits twice."""
    losses = timm_module("timm.loss.binary_cross_entropy")
    torch.manual_seed(0)
    logits = torch.randn(6, 4)
    hard = torch.tensor([0, 1, 2, 3, 0, 1])
    one_hot = torch.nn.functional.one_hot(hard, 4).float()
    bce = torch.nn.functional.binary_cross_entropy_with_logits
    assert torch.allclose(losses.BinaryCrossEntropy(smoothing=0.0)(logits, hard), bce(logits, one_hot))
    smoothed = one_hot * (1 - 0.1) + 0.1 / 4
    assert torch.allclose(losses.BinaryCrossEntropy(smoothing=0.1)(logits, hard), bce(logits, smoothed))
    targets = torch.rand(6, 4)
    assert torch.allclose(losses.BinaryCrossEntropy()(logits, targets), bce(logits, targets))
    assert not torch.allclose(losses.BinaryCrossEntropy()(torch.sigmoid(logits), targets), bce(logits, targets))


def _run_with_whole_timm(body: str) -> dict:
    """Run `body` in a fresh interpreter that imports the whole of timm (torchvision and PIL
    stubbed: tests/libraries/standins/vision_stub.py); it prints one JSON line."""
    from .standins.vision_stub import STUB

    if importlib.util.find_spec("timm") is None:
        pytest.skip("timm is not installed (pip install --no-deps timm)")
    done = subprocess.run(
        [sys.executable, "-c", STUB + body], capture_output=True, text=True, timeout=600,
        env={**os.environ, "PYTHONWARNINGS": "ignore", "OMP_NUM_THREADS": "1"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_reset_classifier_builds_new_classifier_parameters() -> None:
    """`model.reset_classifier(n)` of a timm model (n > 0) puts a newly built classifier in place
    (new parameters, which an optimizer built before does not hold); `reset_classifier(0)` an
    `nn.Identity` (no parameters). Checked on timm's test models of several families."""
    found = _run_with_whole_timm('''
import json
import torch
import timm

torch.manual_seed(0)
out = {}
for name in ("test_vit", "test_resnet", "test_convnext", "test_efficientnet", "test_byobnet"):
    model = timm.create_model(name, pretrained=False, num_classes=5)
    before = {id(p) for p in model.parameters()}
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model.reset_classifier(5)
    new = [p for p in model.parameters() if id(p) not in before]
    held = {id(p) for group in opt.param_groups for p in group["params"]}
    classifier = {id(p) for p in model.get_classifier().parameters()}
    model.reset_classifier(0)
    out[name] = [len(new), all(id(p) not in held for p in new), classifier == {id(p) for p in new},
                 sum(1 for _ in model.get_classifier().parameters())]
print(json.dumps(out))
''')
    assert set(found) == {"test_vit", "test_resnet", "test_convnext", "test_efficientnet", "test_byobnet"}
    for name, (new, unheld, is_classifier, after_zero) in found.items():
        assert new >= 1 and unheld and is_classifier, name
        assert after_zero == 0, name


def test_factory_optimizers_read_the_rate_from_their_groups() -> None:
    """Every optimizer `timm.optim.create_optimizer_v2` builds here is a torch `Optimizer` with
    `lr` in each parameter group and no `lr` attribute: `opt.lr = x` is never read by `step()`,
    writing the groups is. Shown on an SGD step with the attribute set, then the groups."""
    found = _run_with_whole_timm('''
import json
import warnings
import torch
from timm.optim import create_optimizer_v2, list_optimizers

warnings.simplefilter("ignore")
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.LayerNorm(4))
built, odd = 0, []
for name in list_optimizers():
    try:
        opt = create_optimizer_v2(model, name, lr=0.1, weight_decay=0.01)
    except Exception:
        continue  # an optional dependency missing
    built += 1
    if hasattr(opt, "lr") or not isinstance(opt, torch.optim.Optimizer) or any("lr" not in g for g in opt.param_groups):
        odd.append(name)
torch.manual_seed(0)
net = torch.nn.Linear(3, 1)
start = net.weight.detach().clone()
opt = create_optimizer_v2(net, "sgd", lr=0.1)
opt.lr = 0.0
net(torch.ones(2, 3)).sum().backward()
opt.step()
moved_by_attribute = bool((net.weight.detach() != start).any())
for group in opt.param_groups:
    group["lr"] = 0.0
after = net.weight.detach().clone()
opt.step()
print(json.dumps({"built": built, "odd": odd, "moved": moved_by_attribute, "frozen": bool((net.weight.detach() == after).all())}))
''')
    assert found["built"] >= 50 and found["odd"] == []
    assert found["moved"] and found["frozen"]


def test_factory_names_build_torchs_own_classes() -> None:
    """The `opt` names GF024 maps to torch's classes (`_TIMM_TORCH_CLASSES`) build exactly that
    class of `torch.optim` (no `lookahead_` prefix), and so does the default (`"sgd"`): the
    class's settings (`weight_decay`, `momentum` ...) are keys of every group, never attributes,
    so `opt.weight_decay = 0.0` changes nothing a step reads. Shown on an AdamW step."""
    from gradfix.transforms.gf024_optimizer_setting_set_as_attribute import _TIMM_TORCH_CLASSES

    found = _run_with_whole_timm('''
import json
import warnings
import torch
from timm.optim import create_optimizer_v2

warnings.simplefilter("ignore")
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.LayerNorm(4))
out = {}
for name in %r:
    opt = create_optimizer_v2(model, name, lr=0.1, weight_decay=0.01)
    out[name] = [type(opt).__module__.split(".")[:2] == ["torch", "optim"], type(opt).__name__,
                 hasattr(opt, "weight_decay"), all("weight_decay" in g for g in opt.param_groups)]
out["<default>"] = type(create_optimizer_v2(model, lr=0.1)).__name__
torch.manual_seed(0)
net = torch.nn.Linear(3, 1)
runs = []
for how in ("attribute", "groups"):
    with torch.no_grad():
        net.weight.fill_(1.0)
        net.bias.fill_(0.0)
    opt = create_optimizer_v2(net, "adamw", lr=0.1, weight_decay=0.5)
    if how == "attribute":
        opt.weight_decay = 0.0
    else:
        for group in opt.param_groups:
            group["weight_decay"] = 0.0
    net(torch.ones(2, 3)).sum().backward()
    opt.step()
    runs.append(net.weight.detach().sum().item())
out["runs"] = runs
print(json.dumps(out))
''' % (sorted(_TIMM_TORCH_CLASSES),))
    for name, expected in _TIMM_TORCH_CLASSES.items():
        in_torch, class_name, attribute, in_groups = found[name]
        assert in_torch and class_name == expected and not attribute and in_groups, name
    assert found["<default>"] == _TIMM_TORCH_CLASSES["sgd"]
    attribute_run, groups_run = found["runs"]
    assert attribute_run != groups_run  # the attribute left the decay on
