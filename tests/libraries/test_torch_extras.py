"""Proofs for gradfix/libraries/torch_extras.py: DDP and FSDP (one-process gloo group on the CPU),
schedule-free optimizers, and optimizer classes a project derives from torch.optim."""

from __future__ import annotations

import os
import socket

import pytest

torch = pytest.importorskip("torch")

from . import _tiny  # noqa: E402

pytestmark = [pytest.mark.xdist_group("torch_extras"), pytest.mark.filterwarnings("ignore")]


@pytest.fixture(scope="module")
def process_group():
    import torch.distributed as dist

    if not dist.is_available():
        pytest.skip("torch.distributed is not available")
    saved = dict(os.environ)
    created = False
    if not dist.is_initialized():
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
        dist.init_process_group("gloo", rank=0, world_size=1)
        created = True
    yield
    if created:
        dist.destroy_process_group()
    os.environ.clear()  # MASTER_ADDR/PORT would make later Accelerate or Trainer runs look distributed
    os.environ.update(saved)


def test_ddp_no_sync_leaves_local_gradients_alone(process_group) -> None:
    from torch.nn.parallel import DistributedDataParallel

    data = _tiny.batches(2)
    by_hand = _tiny.linear()
    for batch in data:
        (_tiny.mse(by_hand, batch) / 2).backward()
    model = DistributedDataParallel(_tiny.linear())
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    before = _tiny.weights(model.module)
    with model.no_sync():
        (_tiny.mse(model, data[0]) / 2).backward()
    assert _tiny.same(_tiny.weights(model.module), before, exact=True)  # no step inside
    (_tiny.mse(model, data[1]) / 2).backward()
    assert _tiny.same(_tiny.grads(model.module), _tiny.grads(by_hand))  # nothing divided or cleared
    opt.step()


def test_fsdp_clip_grad_norm_clips_total_norm(process_group) -> None:
    from torch.distributed.fsdp import FullyShardedDataParallel

    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    (_tiny.mse(by_hand, batch) * 100).backward()
    expected = torch.nn.utils.clip_grad_norm_(by_hand.parameters(), 0.01)
    model = FullyShardedDataParallel(_tiny.linear(), device_id=torch.device("cpu"))
    (_tiny.mse(model, batch) * 100).backward()
    norm = model.clip_grad_norm_(0.01)
    assert torch.allclose(norm, expected)
    total = torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters()))
    assert total <= 0.01 + 1e-6


def test_schedulefree_train_eval_leave_gradients_alone() -> None:
    schedulefree = pytest.importorskip("schedulefree")
    model = _tiny.linear()
    opt = schedulefree.SGDScheduleFree(model.parameters(), lr=0.1)
    opt.train()
    _tiny.mse(model, _tiny.batches(1)[0]).backward()
    grads = _tiny.grads(model)
    opt.eval()  # swaps the weights to the averaged point...
    assert _tiny.same(_tiny.grads(model), grads, exact=True)  # ...and leaves .grad alone
    with pytest.raises(Exception, match="train mode"):
        opt.step()  # stepping in eval mode is refused
    opt.train()
    assert _tiny.same(_tiny.grads(model), grads, exact=True)
    before = _tiny.weights(model)
    opt.step()
    assert not _tiny.same(before, _tiny.weights(model), exact=True)
    assert all(g is not None for g in _tiny.grads(model))  # step does not clear
    opt.zero_grad()
    assert all(p.grad is None for p in model.parameters())


class ProjectSGD(torch.optim.Optimizer):
    """An optimizer a project defines itself: only step() is its own."""

    def __init__(self, params, lr: float) -> None:
        super().__init__(params, {"lr": lr})

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"])


class ProjectMomentum(torch.optim.SGD):
    """A subclass of a torch.optim class that changes nothing about clearing."""


@pytest.mark.parametrize("optimizer_class", [ProjectSGD, ProjectMomentum], ids=["Optimizer", "SGD"])
def test_project_optimizer_subclass_inherits_zero_grad(optimizer_class) -> None:
    data = _tiny.batches(3)
    model = _tiny.linear()
    opt = optimizer_class(model.parameters(), lr=0.1)
    by_hand = _tiny.linear()
    hand = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for batch in data:
        opt.zero_grad()
        assert all(p.grad is None for p in model.parameters())
        _tiny.mse(model, batch).backward()
        opt.step()
        hand.zero_grad()
        _tiny.mse(by_hand, batch).backward()
        hand.step()
    assert _tiny.same(_tiny.weights(model), _tiny.weights(by_hand))


def test_fsdp_no_sync_leaves_local_gradients_alone(process_group) -> None:
    from torch.distributed.fsdp import FullyShardedDataParallel

    data = _tiny.batches(2)
    by_hand = _tiny.linear()
    for batch in data:
        (_tiny.mse(by_hand, batch) / 2).backward()
    model = FullyShardedDataParallel(_tiny.linear(), device_id=torch.device("cpu"), use_orig_params=True)
    with model.no_sync():
        (_tiny.mse(model, data[0]) / 2).backward()
    (_tiny.mse(model, data[1]) / 2).backward()
    with FullyShardedDataParallel.summon_full_params(model, with_grads=True):
        assert _tiny.same(_tiny.grads(model.module), _tiny.grads(by_hand))


def _fixed(fixture: str, code: str, unsafe: bool = False) -> tuple[str, str]:
    from pathlib import Path

    from gradfix.runner import Options, process_source

    path = Path(__file__).parent.parent / "before_after" / fixture
    before = path.read_text()
    result = process_source(str(path), before.encode(), Options(select=frozenset({code}), fix=True, unsafe_fixes=unsafe))
    assert result.fixed is not None
    return before, result.fixed.decode()


def test_schedulefree_reads_lr_from_its_groups_not_an_attribute() -> None:
    """`sgd.lr = ...` on a schedule-free optimizer changes nothing (GF024): its step reads
    `group["lr"]`. GF024's (unsafe) fix copies the attribute into every group and trains like
    writing the groups by hand."""
    schedulefree = pytest.importorskip("schedulefree")
    before, fixed = _fixed("GF024_optimizer_setting_set_as_attribute/schedulefree_lr_set_as_an_attribute.before.py", "GF024", unsafe=True)
    data = _tiny.batches(5, features=5)

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        torch.manual_seed(0)  # the module builds its network when it runs
        exec(compile(code, "train.py", "exec"), namespace)
        namespace["fit"](data, 3)
        return _tiny.weights(namespace["net"])

    def hand() -> list[torch.Tensor]:
        torch.manual_seed(0)
        net = torch.nn.Sequential(torch.nn.Linear(5, 5), torch.nn.ReLU(), torch.nn.Linear(5, 1))
        sgd = schedulefree.SGDScheduleFree(net.parameters(), lr=0.2)
        net.train()
        sgd.train()
        for epoch in range(3):
            for group in sgd.param_groups:
                group["lr"] = 0.2 * 0.5**epoch
            for x, y in data:
                sgd.zero_grad()
                torch.nn.functional.mse_loss(net(x), y).backward()
                sgd.step()
        sgd.eval()
        return _tiny.weights(net)

    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)


def test_schedulefree_optimizer_rebuilt_per_batch_restarts_its_state() -> None:
    """A schedule-free optimizer built on every batch starts its `z` sequence and weight sum
    again each step (GF030); the fix builds it once before the loop, which trains like a
    loop over one optimizer."""
    schedulefree = pytest.importorskip("schedulefree")
    before, fixed = _fixed("GF030_optimizer_rebuilt_each_iteration/schedulefree_optimizer_built_per_batch.before.py", "GF030")
    generator = torch.Generator().manual_seed(1)
    data = [(torch.randn(4, 3, generator=generator), torch.randint(0, 2, (4,), generator=generator)) for _ in range(6)]

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        model = torch.nn.Sequential(_tiny.linear(), torch.nn.Linear(1, 2))
        torch.manual_seed(0)
        model[1].reset_parameters()
        namespace["train"](model, data)
        return _tiny.weights(model)

    def hand() -> list[torch.Tensor]:
        model = torch.nn.Sequential(_tiny.linear(), torch.nn.Linear(1, 2))
        torch.manual_seed(0)
        model[1].reset_parameters()
        opt = schedulefree.RAdamScheduleFree(model.parameters(), lr=2e-3)
        model.train()
        for inputs, labels in data:
            opt.train()
            opt.zero_grad()
            torch.nn.functional.cross_entropy(model(inputs), labels).backward()
            opt.step()
        return _tiny.weights(model)

    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)


def test_zero_redundancy_optimizer_reads_lr_from_its_groups_not_an_attribute(process_group) -> None:
    """torch's ZeroRedundancyOptimizer hands its `param_groups` to the local optimizer at every
    step: `zero.lr = ...` changes nothing (GF024). GF024's fix copies the attribute into every
    group and trains like writing the groups by hand."""
    from torch.distributed.optim import ZeroRedundancyOptimizer

    before, fixed = _fixed("GF024_optimizer_setting_set_as_attribute/zero_redundancy_optimizer_lr_set_as_an_attribute.before.py", "GF024")
    data = _tiny.batches(4)

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        net = _tiny.linear()
        namespace["fit"](net, data, 3)
        return _tiny.weights(net)

    def hand() -> list[torch.Tensor]:
        net = _tiny.linear()
        zero = ZeroRedundancyOptimizer(net.parameters(), optimizer_class=torch.optim.SGD, lr=0.1, momentum=0.9)
        for epoch in range(3):
            for group in zero.param_groups:
                group["lr"] = 0.1 * 0.5**epoch
            for x, y in data:
                zero.zero_grad()
                torch.nn.functional.mse_loss(net(x), y).backward()
                zero.step()
        return _tiny.weights(net)

    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)


def test_zero_redundancy_optimizer_rebuilt_per_batch_restarts_its_state(process_group) -> None:
    """A ZeroRedundancyOptimizer over Adam built on every batch builds a new local Adam each
    time, its moments empty (GF030); the fix builds it once, which trains like one optimizer.
    Over plain SGD (no state) a rebuilt one trains like one built once (the clean twin)."""
    from torch.distributed.optim import ZeroRedundancyOptimizer

    before, fixed = _fixed("GF030_optimizer_rebuilt_each_iteration/zero_redundancy_optimizer_over_adam_built_per_batch.before.py", "GF030")
    generator = torch.Generator().manual_seed(1)
    data = [(torch.randn(4, 3, generator=generator), torch.randint(0, 2, (4,), generator=generator)) for _ in range(5)]

    def model() -> torch.nn.Module:
        torch.manual_seed(0)
        return torch.nn.Linear(3, 2)

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        net = model()
        namespace["train"](net, data)
        return _tiny.weights(net)

    def hand() -> list[torch.Tensor]:
        net = model()
        opt = ZeroRedundancyOptimizer(net.parameters(), optimizer_class=torch.optim.Adam, lr=1e-2)
        for inputs, labels in data:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(inputs), labels).backward()
            opt.step()
        return _tiny.weights(net)

    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)

    from pathlib import Path

    clean = Path(__file__).parent.parent / "before_after" / "clean" / "zero_redundancy_optimizer_over_plain_sgd_rebuilt_per_batch.py"
    namespace: dict = {}
    exec(compile(clean.read_text(), "train.py", "exec"), namespace)
    rebuilt, once = _tiny.linear(), _tiny.linear()
    batches = _tiny.batches(4)
    namespace["train"](rebuilt, batches, 0.1)
    sgd = ZeroRedundancyOptimizer(once.parameters(), optimizer_class=torch.optim.SGD, lr=0.1)
    for x, y in batches:
        sgd.zero_grad()
        torch.nn.functional.mse_loss(once(x), y).backward()
        sgd.step()
    assert _tiny.same(_tiny.weights(rebuilt), _tiny.weights(once))
