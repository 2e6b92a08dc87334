"""Proofs for gradfix/libraries/deepspeed.py, run against the installed DeepSpeed on the CPU.

DeepSpeed's CPU accelerator runs a one-process "distributed" job over gloo. Its CPU
communication backend would first compile a shared-memory all-reduce kernel (about 40 s
with gcc); one process never communicates, so the tests mark that optional op as
incompatible, which is DeepSpeed's own fall-back path to plain torch.distributed.
"""

from __future__ import annotations

import os
import socket

import pytest

torch = pytest.importorskip("torch")
os.environ.setdefault("DS_ACCELERATOR", "cpu")
deepspeed = pytest.importorskip("deepspeed")

from . import _tiny  # noqa: E402

pytestmark = pytest.mark.xdist_group("deepspeed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module", autouse=True)
def _one_process_group():
    """A one-process group; the environment it needs (and whatever Accelerate's DeepSpeed mode
    adds) is restored afterwards, or later tests and the scripts they start would see a
    distributed launch."""
    import deepspeed.ops

    saved = dict(os.environ)

    deepspeed.ops.__compatible_ops__["deepspeed_shm_comm"] = False
    os.environ.update(
        MASTER_ADDR="127.0.0.1", MASTER_PORT=str(_free_port()), RANK="0", LOCAL_RANK="0", WORLD_SIZE="1"
    )
    deepspeed.init_distributed(dist_backend="gloo", verbose=False)
    yield
    if torch.distributed.is_initialized():
        torch.distributed.destroy_process_group()
    os.environ.clear()
    os.environ.update(saved)


def _config(**extra) -> dict:
    config = {
        "train_micro_batch_size_per_gpu": 4,
        "optimizer": {"type": "SGD", "params": {"lr": 0.1}},
        "steps_per_print": 10**9,
    }
    config.update(extra)
    return config


def _engine(**extra):
    model = _tiny.linear()
    engine, optimizer, loader, scheduler = deepspeed.initialize(
        model=model, model_parameters=model.parameters(), config=_config(**extra)
    )
    return engine


def test_initialize_returns_engine_optimizer_dataloader_scheduler() -> None:
    model = _tiny.linear()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
    dataset = torch.utils.data.TensorDataset(torch.randn(8, 3), torch.randn(8, 1))
    config = _config()
    del config["optimizer"]
    out = deepspeed.initialize(
        model=model, optimizer=optimizer, lr_scheduler=scheduler, training_data=dataset, config=config
    )
    assert isinstance(out, tuple) and len(out) == 4
    engine, ds_optimizer, loader, ds_scheduler = out
    assert isinstance(engine, deepspeed.DeepSpeedEngine)
    assert ds_optimizer is not None and hasattr(ds_optimizer, "step")
    assert loader is not None and len(list(iter(loader))) == 2
    assert ds_scheduler is scheduler


def test_engine_backward_divides_by_config_accumulation() -> None:
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    (_tiny.mse(by_hand, batch) / 4).backward()
    engine = _engine(gradient_accumulation_steps=4)
    assert engine.gradient_accumulation_steps() == 4
    engine.backward(_tiny.mse(engine, batch))
    assert _tiny.same(_tiny.grads(engine.module), _tiny.grads(by_hand))


def test_engine_backward_scale_wrt_gas_false_does_not_divide() -> None:
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    engine = _engine(gradient_accumulation_steps=4)
    engine.backward(_tiny.mse(engine, batch), scale_wrt_gas=False)
    assert _tiny.same(_tiny.grads(engine.module), _tiny.grads(by_hand))


def test_engine_backward_hands_retain_graph_to_autograd() -> None:
    """GF004 judges `engine.backward(loss, retain_graph=True)` as `loss.backward(retain_graph=True)`:
    the engine keeps the graph when asked (a second backward through it works) and frees it by
    default (a second backward raises), as torch's own backward does."""
    batch = _tiny.batches(1)[0]
    engine = _engine()
    loss = _tiny.mse(engine, batch)
    engine.backward(loss, retain_graph=True)
    engine.backward(loss)  # the graph was kept
    loss = _tiny.mse(engine, batch)
    engine.backward(loss)
    with pytest.raises(RuntimeError):
        engine.backward(loss)  # freed by the first backward


def test_accumulation_is_derived_from_batch_sizes() -> None:
    config = _config(train_batch_size=12)  # 12 = micro batch 4 x 3 steps x 1 process
    model = _tiny.linear()
    engine, *_ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    assert engine.gradient_accumulation_steps() == 3


def test_engine_step_steps_and_clears_only_at_boundary() -> None:
    engine = _engine(gradient_accumulation_steps=2)
    seen = []
    for batch in _tiny.batches(4):
        before = _tiny.weights(engine.module)
        engine.backward(_tiny.mse(engine, batch))
        boundary = engine.is_gradient_accumulation_boundary()
        engine.step()
        stepped = not _tiny.same(before, _tiny.weights(engine.module), exact=True)
        cleared = all(p.grad is None for p in engine.module.parameters())
        seen.append((boundary, stepped, cleared))
    assert seen == [(False, False, False), (True, True, True)] * 2


def test_engine_trains_like_the_hand_written_window() -> None:
    data = _tiny.batches(6)
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for i, batch in enumerate(data):
        (_tiny.mse(by_hand, batch) / 3).backward()
        if (i + 1) % 3 == 0:
            opt.step()
            opt.zero_grad()
    engine = _engine(gradient_accumulation_steps=3, gradient_clipping=0.0)  # 0 turns the default clip off
    for batch in data:
        engine.backward(_tiny.mse(engine, batch))
        engine.step()
    assert _tiny.same(_tiny.weights(engine.module), _tiny.weights(by_hand))


def test_engine_step_clips_by_config() -> None:
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    (_tiny.mse(by_hand, batch) * 100).backward()
    torch.nn.utils.clip_grad_norm_(by_hand.parameters(), 0.01)
    opt.step()
    engine = _engine(gradient_clipping=0.01)
    engine.backward(_tiny.mse(engine, batch) * 100)
    engine.step()
    assert _tiny.same(_tiny.weights(engine.module), _tiny.weights(by_hand))


def test_engine_step_clips_at_norm_one_by_default() -> None:
    """Without a `gradient_clipping` key, DeepSpeed's fp32 engine clips the total norm to 1.0 in step()."""
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    (_tiny.mse(by_hand, batch) * 100).backward()
    norm = torch.nn.utils.clip_grad_norm_(by_hand.parameters(), 1.0)
    assert norm > 1.0
    opt.step()
    engine = _engine()
    assert engine.gradient_clipping() == 1.0
    engine.backward(_tiny.mse(engine, batch) * 100)
    engine.step()
    assert _tiny.same(_tiny.weights(engine.module), _tiny.weights(by_hand))


def test_engine_zero_grad_clears() -> None:
    engine = _engine(gradient_accumulation_steps=4)
    engine.backward(_tiny.mse(engine, _tiny.batches(1)[0]))
    engine.zero_grad()
    assert all(p.grad is None for p in engine.module.parameters())


def test_engine_no_sync_accumulates_and_refuses_step() -> None:
    data = _tiny.batches(2)
    by_hand = _tiny.linear()
    for batch in data:
        (_tiny.mse(by_hand, batch) / 2).backward()
    engine = _engine(gradient_accumulation_steps=2)
    with engine.no_sync():
        engine.backward(_tiny.mse(engine, data[0]))
        with pytest.raises(AssertionError, match="no_sync"):
            engine.step()
    engine.backward(_tiny.mse(engine, data[1]))
    assert _tiny.same(_tiny.grads(engine.module), _tiny.grads(by_hand))


def test_accelerate_backward_under_deepspeed_divides_once_and_steps_at_sync() -> None:
    """Accelerate under DeepSpeed: Accelerator.backward does not divide itself; the engine's
    backward divides by the DeepSpeed count, and on sync steps Accelerator.backward also runs
    engine.step() (clip, step, clear). The prepared optimizer's step/zero_grad are then no-ops."""
    accelerate = pytest.importorskip("accelerate")
    from accelerate.state import AcceleratorState, GradientState
    from accelerate.utils import DeepSpeedPlugin

    AcceleratorState._reset_state(True)
    GradientState._reset_state()
    try:
        data = _tiny.batches(8)
        by_hand = _tiny.linear()
        opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
        for i, batch in enumerate(data):
            (_tiny.mse(by_hand, batch) / 4).backward()
            if (i + 1) % 4 == 0:
                torch.nn.utils.clip_grad_norm_(by_hand.parameters(), 1.0)  # DeepSpeed's default clip
                opt.step()
                opt.zero_grad()

        # gradient_clipping=0.0 here is taken as "not set": the config keeps DeepSpeed's default 1.0
        plugin = DeepSpeedPlugin(gradient_accumulation_steps=4, zero_stage=0)
        accelerator = accelerate.Accelerator(deepspeed_plugin=plugin)
        model = _tiny.linear()
        loader = torch.utils.data.DataLoader(
            torch.utils.data.TensorDataset(torch.cat([x for x, _ in data]), torch.cat([y for _, y in data])),
            batch_size=4,
        )
        model, optimizer, loader = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1), loader)
        assert accelerator.gradient_accumulation_steps == 4
        assert model.gradient_clipping() == 1.0
        cleared_after_backward = []
        for batch in loader:
            with accelerator.accumulate(model):
                accelerator.backward(_tiny.mse(model, batch))
                cleared_after_backward.append(all(p.grad is None for p in model.module.parameters()))
                optimizer.step()
                optimizer.zero_grad()
        assert cleared_after_backward == [False, False, False, True] * 2
        assert _tiny.same(_tiny.weights(model.module), _tiny.weights(by_hand))
    finally:
        AcceleratorState._reset_state(True)
        GradientState._reset_state()


def _bare(cls, model: torch.nn.Module):
    """An instance of one of DeepSpeed's fused optimizers with its torch state but without the
    CUDA (or JIT-compiled CPU) kernel its __init__ loads: `zero_grad` uses neither."""
    opt = cls.__new__(cls)
    torch.optim.Optimizer.__init__(opt, model.parameters(), {"lr": 0.1})
    opt.set_grad_none = True  # the constructors' default
    return opt


@pytest.mark.parametrize("name", ["adam.FusedAdam", "lion.FusedLion"])
def test_fused_optimizers_zero_grad_take_no_argument(name: str) -> None:
    import importlib
    import inspect

    module, _, class_name = name.rpartition(".")
    cls = getattr(importlib.import_module(f"deepspeed.ops.{module}"), class_name)
    assert list(inspect.signature(cls.zero_grad).parameters) == ["self"]
    model = _tiny.linear()
    opt = _bare(cls, model)
    _tiny.mse(model, _tiny.batches(1)[0]).backward()
    with pytest.raises(TypeError, match="set_to_none"):
        opt.zero_grad(set_to_none=True)
    opt.zero_grad()
    assert all(p.grad is None for p in model.parameters())


def test_cpu_optimizers_inherit_torch_zero_grad() -> None:
    from deepspeed.ops.adagrad import DeepSpeedCPUAdagrad
    from deepspeed.ops.adam import DeepSpeedCPUAdam
    from deepspeed.ops.lamb import FusedLamb
    from deepspeed.ops.lion import DeepSpeedCPULion

    for cls in (DeepSpeedCPUAdam, DeepSpeedCPUAdagrad, DeepSpeedCPULion, FusedLamb):
        assert cls.zero_grad is torch.optim.Optimizer.zero_grad, cls


_CLEAR_BETWEEN = '''import deepspeed


def train(model, data, config):
    engine, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    for x, y in data:
        loss = ((engine(x) - y) ** 2).mean()
        engine.backward(loss)
        engine.zero_grad()
        engine.step()
'''


def test_gf002_fix_of_a_clear_between_engine_backward_and_step_trains_like_the_hand_fix(tmp_path) -> None:
    """GF002 removes `engine.zero_grad()` written between the engine's backward and step: the
    buggy loop never moves the weights; the fixed one trains exactly like the same loop written
    without the clear (the engine clears after each boundary step by itself)."""
    import types

    from tests.behaviour.harness import apply_gradfix

    buggy = tmp_path / "ds_clear_between.py"
    buggy.write_text(_CLEAR_BETWEEN)
    fixed = apply_gradfix(buggy, tmp_path / "fixed").read_text()
    assert "engine.zero_grad()" not in fixed

    def run(source: str) -> list:
        module = types.ModuleType("ds_case")
        exec(compile(source, "ds_case", "exec"), module.__dict__)
        model = _tiny.linear()
        module.train(model, _tiny.batches(6), _config(gradient_accumulation_steps=2, gradient_clipping=0.0))
        return _tiny.weights(model)

    by_hand = run(_CLEAR_BETWEEN.replace("        engine.zero_grad()\n", ""))
    assert _tiny.same(run(fixed), by_hand, exact=True)
    assert not _tiny.same(run(_CLEAR_BETWEEN), by_hand)
    assert _tiny.same(run(_CLEAR_BETWEEN), _tiny.weights(_tiny.linear()), exact=True)  # the bug: nothing trains


_TWO_BACKWARDS = '''import deepspeed


def train(model, data, config):
    runner, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    for x, y in data:
        pred = runner(x)
        fit_term = ((pred - y) ** 2).mean()
        size_term = 0.1 * pred.abs().mean()
        runner.backward(fit_term, retain_graph=True)
        runner.backward(size_term)
        runner.step()
'''


def test_gf003_merged_engine_backwards_train_like_the_two_calls(tmp_path) -> None:
    """GF003 merges two `engine.backward` calls on one forward pass into one backward of the
    sum: the engine divides (and scales) each loss by the same factor, so over accumulation
    windows of 2 the merged loop trains like the two calls (up to summation order)."""
    import types

    from tests.behaviour.harness import apply_gradfix

    buggy = tmp_path / "ds_two_backwards.py"
    buggy.write_text(_TWO_BACKWARDS)
    fixed = apply_gradfix(buggy, tmp_path / "fixed").read_text()
    assert fixed.count("runner.backward(") == 1 and "retain_graph" not in fixed

    def run(source: str) -> list:
        module = types.ModuleType("ds_case")
        exec(compile(source, "ds_case", "exec"), module.__dict__)
        model = _tiny.linear()
        module.train(model, _tiny.batches(6), _config(gradient_accumulation_steps=2, gradient_clipping=0.0))
        return _tiny.weights(model)

    assert _tiny.same(run(fixed), run(_TWO_BACKWARDS))
    assert not _tiny.same(run(fixed), _tiny.weights(_tiny.linear()))


def test_user_scheduler_over_the_returned_optimizer_follows_engine_step() -> None:
    data = _tiny.batches(4)
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    hand_sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    for batch in data:
        opt.zero_grad()
        _tiny.mse(by_hand, batch).backward()
        opt.step()
        hand_sched.step()
    model = _tiny.linear()
    engine, optimizer, _, _ = deepspeed.initialize(
        model=model, model_parameters=model.parameters(), config=_config(gradient_clipping=0.0)
    )
    sched = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
    lrs = []
    for batch in data:
        engine.backward(_tiny.mse(engine, batch))
        lrs.append(optimizer.param_groups[0]["lr"])
        engine.step()  # steps the optimizer the user scheduler schedules: GF012's order applies
        sched.step()
    assert lrs == [0.1, 0.05, 0.025, 0.0125]
    assert _tiny.same(_tiny.weights(engine.module), _tiny.weights(by_hand))


_CLEAR_AT_THE_BOUNDARY = '''import deepspeed


class Runner:
    def __init__(self, model, config):
        self.ds, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
        self.norms = []

    def fit(self, data):
        left = list(data)
        while left:
            x, y = left.pop(0)
            self.ds.backward(((self.ds(x) - y) ** 2).mean())
            if self.ds.is_gradient_accumulation_boundary():
                self.norms.append(sum(float(p.grad.norm()) for p in self.ds.module.parameters()))
                self.ds.zero_grad()
            self.ds.step()
'''


def test_engine_clear_at_the_boundary_wipes_every_step(tmp_path) -> None:
    """DeepSpeed 0.19.8's `step()` applies and then clears exactly when
    `is_gradient_accumulation_boundary()` is true (fp32, no ZeRO: `_take_model_step`,
    `optimizer.step()` then `zero_grad()`), so `engine.zero_grad()` under that test, between the
    engine's backward and its step, leaves every applying step no gradient: the weights never move
    (a norm read before it changes nothing). With the default `gradient_clipping` (1.0) the step
    fails instead (IndexError: the clip finds no gradient). GF002 removes the clear; the fixed script trains
    exactly like the same loop written without it."""
    import types

    from tests.behaviour.harness import apply_gradfix

    buggy = tmp_path / "ds_boundary_clear.py"
    buggy.write_text(_CLEAR_AT_THE_BOUNDARY)
    fixed = apply_gradfix(buggy, tmp_path / "fixed").read_text()
    assert "zero_grad" not in fixed and "self.norms.append" in fixed

    def run(source: str, **extra) -> tuple[list, list]:
        module = types.ModuleType("ds_case")
        exec(compile(source, "ds_case", "exec"), module.__dict__)
        model = _tiny.linear()
        runner = module.Runner(model, _config(gradient_accumulation_steps=2, **extra))
        runner.fit(_tiny.batches(6))
        return _tiny.weights(model), runner.norms

    by_hand, hand_norms = run(_CLEAR_AT_THE_BOUNDARY.replace("                self.ds.zero_grad()\n", ""), gradient_clipping=0.0)
    wiped, norms = run(_CLEAR_AT_THE_BOUNDARY, gradient_clipping=0.0)
    assert len(norms) == 3 and _tiny.same(wiped, _tiny.weights(_tiny.linear()), exact=True)  # the bug: nothing trains
    assert _tiny.same(run(fixed, gradient_clipping=0.0)[0], by_hand, exact=True)
    assert not _tiny.same(wiped, by_hand)
    with pytest.raises(IndexError):
        run(_CLEAR_AT_THE_BOUNDARY)  # the default clip of 1.0 meets no gradient (an empty list of norms)


def test_hand_clip_after_engine_step_reaches_no_update() -> None:
    """A torch clip written right after `engine.step()`: with an accumulation count of 1 every
    step applies and clears, so the clip finds no gradient and training is that of no clip; with
    a count of 2 it clips the partial sum of each window's first micro-batch, which the boundary
    step then applies with the second one added unclipped: neither no clip nor the config's clip
    (GF010, reported without a fix)."""

    def run(accumulate: int, hand_clip: bool, config_clip: float = 0.0) -> list:
        engine = _engine(gradient_accumulation_steps=accumulate, gradient_clipping=config_clip)
        for batch in _tiny.batches(6):
            engine.backward(_tiny.mse(engine, batch) * 10)
            engine.step()
            if hand_clip:
                torch.nn.utils.clip_grad_norm_(engine.parameters(), 0.01)
        return _tiny.weights(engine.module)

    assert _tiny.same(run(1, True), run(1, False), exact=True)
    assert not _tiny.same(run(1, False, config_clip=0.01), run(1, False))  # (the config's clip does clip)
    partial = run(2, True)
    assert not _tiny.same(partial, run(2, False))
    assert not _tiny.same(partial, run(2, False, config_clip=0.01))
