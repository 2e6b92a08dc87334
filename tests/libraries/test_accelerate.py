"""Proofs for gradfix/libraries/accelerate.py, run against the installed Accelerate on the CPU.

Each test is named by a table entry's `proof` and shows the entry's claim with real
objects: an `Accelerator`, prepared models, optimizers and dataloaders, compared with
plain torch by hand.
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
accelerate = pytest.importorskip("accelerate")

from accelerate import Accelerator  # noqa: E402
from accelerate.optimizer import AcceleratedOptimizer  # noqa: E402
from accelerate.state import AcceleratorState, GradientState  # noqa: E402
from accelerate.utils import GradientAccumulationPlugin  # noqa: E402
from torch.utils.data import DataLoader, TensorDataset  # noqa: E402

from . import _tiny  # noqa: E402

pytestmark = pytest.mark.xdist_group("accelerate")


@pytest.fixture(autouse=True)
def _fresh_state(monkeypatch):
    """Accelerate keeps process-wide singletons; each proof starts from none."""
    monkeypatch.delenv("ACCELERATE_GRADIENT_ACCUMULATION_STEPS", raising=False)
    AcceleratorState._reset_state(True)
    GradientState._reset_state()
    yield
    AcceleratorState._reset_state(True)
    GradientState._reset_state()


def _loader(count: int, size: int = 4) -> DataLoader:
    xs = torch.cat([x for x, _ in _tiny.batches(count, size)])
    ys = torch.cat([y for _, y in _tiny.batches(count, size)])
    return DataLoader(TensorDataset(xs, ys), batch_size=size, shuffle=False)


def test_accelerator_keyword_sets_accumulation_steps() -> None:
    assert Accelerator(cpu=True).gradient_accumulation_steps == 1
    AcceleratorState._reset_state(True)
    GradientState._reset_state()
    assert Accelerator(cpu=True, gradient_accumulation_steps=4).gradient_accumulation_steps == 4


def test_gradient_accumulation_plugin_sets_accumulation_steps() -> None:
    plugin = GradientAccumulationPlugin(num_steps=3)
    accelerator = Accelerator(cpu=True, gradient_accumulation_plugin=plugin)
    assert accelerator.gradient_accumulation_steps == 3
    with pytest.raises(ValueError, match="only pass one"):
        Accelerator(cpu=True, gradient_accumulation_steps=2, gradient_accumulation_plugin=plugin)


def test_environment_overrides_accumulation_keyword(monkeypatch) -> None:
    """`accelerate launch --gradient_accumulation_steps K` sets this variable; it wins over the keyword."""
    monkeypatch.setenv("ACCELERATE_GRADIENT_ACCUMULATION_STEPS", "5")
    assert Accelerator(cpu=True, gradient_accumulation_steps=2).gradient_accumulation_steps == 5
    AcceleratorState._reset_state(True)
    GradientState._reset_state()
    # ... but not over an explicit plugin
    plugin = GradientAccumulationPlugin(num_steps=3)
    assert Accelerator(cpu=True, gradient_accumulation_plugin=plugin).gradient_accumulation_steps == 3


def test_backward_divides_by_gradient_accumulation_steps() -> None:
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    (_tiny.mse(by_hand, batch) / 4).backward()

    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=4)
    model = accelerator.prepare(_tiny.linear())
    accelerator.backward(_tiny.mse(model, batch))  # outside `accumulate`: divides all the same
    assert _tiny.same(_tiny.grads(model), _tiny.grads(by_hand), exact=True)

    model.zero_grad()
    with accelerator.accumulate(model):
        accelerator.backward(_tiny.mse(model, batch))
    assert _tiny.same(_tiny.grads(model), _tiny.grads(by_hand), exact=True)


def test_backward_adds_into_existing_gradients() -> None:
    first, second = _tiny.batches(2)
    by_hand = _tiny.linear()
    (_tiny.mse(by_hand, first) / 2).backward()
    (_tiny.mse(by_hand, second) / 2).backward()

    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=2)
    model = accelerator.prepare(_tiny.linear())
    accelerator.backward(_tiny.mse(model, first))
    accelerator.backward(_tiny.mse(model, second))
    assert _tiny.same(_tiny.grads(model), _tiny.grads(by_hand))


def test_prepare_returns_its_arguments_kinds_in_order() -> None:
    accelerator = Accelerator(cpu=True)
    model = _tiny.linear()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
    loader = _loader(3)
    other = object()
    out = accelerator.prepare(loader, model, other, scheduler, optimizer)
    assert isinstance(out, tuple) and len(out) == 5
    assert isinstance(out[0], DataLoader)
    assert isinstance(out[1], torch.nn.Module)
    assert out[2] is other  # what it does not know comes back unchanged
    assert isinstance(out[3], torch.optim.lr_scheduler.LRScheduler) or hasattr(out[3], "step")
    assert isinstance(out[4], torch.optim.Optimizer) and isinstance(out[4], AcceleratedOptimizer)
    # the prepared optimizer wraps the one handed in, over the prepared model's own parameters:
    # no new optimizer (GF021 reads `model, opt = accelerator.prepare(model, opt)` as no rebuild)
    assert out[4].optimizer is optimizer and out[4].param_groups is optimizer.param_groups
    assert all(a is b for a, b in zip(out[4].param_groups[0]["params"], out[1].parameters()))
    # one argument comes back alone, not in a tuple
    assert isinstance(accelerator.prepare(torch.optim.SGD(_tiny.linear().parameters(), lr=0.1)), AcceleratedOptimizer)


def test_prepared_scheduler_steps_like_the_bare_one_outside_accumulate() -> None:
    """A scheduler handed back by `prepare` (one process, no accumulation) advances once per
    `step()` after a prepared optimizer's step, like the bare scheduler: its horizon is the
    constructor's, counted in the calls the loop makes (GF020 reads it through `prepare`)."""
    lrs = {}
    for prepared in (False, True):
        AcceleratorState._reset_state(True)
        GradientState._reset_state()
        accelerator = Accelerator(cpu=True)
        model = _tiny.linear()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.5, total_steps=12)
        if prepared:
            model, optimizer, scheduler = accelerator.prepare(model, optimizer, scheduler)
        seen = []
        for epoch in range(3):
            for x, y in _tiny.batches(4, 4):
                optimizer.zero_grad()
                torch.nn.functional.mse_loss(model(x), y).backward()
                optimizer.step()
            scheduler.step()
            seen.append(optimizer.param_groups[0]["lr"])
        lrs[prepared] = seen
    assert lrs[True] == lrs[False]
    # three calls over a horizon of 12: a quarter of the cycle, still warming up
    assert lrs[True][0] < lrs[True][1] < lrs[True][2] < 0.5


def test_accumulate_gates_step_and_zero_grad_off_sync_steps() -> None:
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=3)
    model = _tiny.linear()
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))
    seen = []
    for batch in _tiny.batches(6):  # a plain list: no prepared dataloader, windows by count only
        with accelerator.accumulate(model):
            before = _tiny.weights(model)
            accelerator.backward(_tiny.mse(model, batch))
            grads_before_clear = _tiny.grads(model)
            optimizer.step()
            stepped = not _tiny.same(before, _tiny.weights(model), exact=True)
            optimizer.zero_grad()
            cleared = all(g is None for g in _tiny.grads(model))
            seen.append((accelerator.sync_gradients, stepped, cleared))
            assert all(g is not None for g in grads_before_clear)
    assert seen == [
        (False, False, False),
        (False, False, False),
        (True, True, True),
        (False, False, False),
        (False, False, False),
        (True, True, True),
    ]


def test_last_batch_of_prepared_dataloader_syncs() -> None:
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=4)
    model = _tiny.linear()
    model, optimizer, loader = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1), _loader(10))
    syncs = []
    for batch in loader:
        with accelerator.accumulate(model):
            accelerator.backward(_tiny.mse(model, batch))
            optimizer.step()
            optimizer.zero_grad()
            syncs.append(accelerator.sync_gradients)
    # windows of 4, and the 10th (last) batch closes the short window: no tail flush needed
    assert [i + 1 for i, s in enumerate(syncs) if s] == [4, 8, 10]
    assert all(p.grad is None for p in model.parameters())


def test_accumulate_trains_like_the_hand_written_window() -> None:
    """The idiom `with accumulate: backward; step; zero_grad` equals dividing by N, stepping and
    clearing every N micro-batches, with the short last window flushed."""
    data = _tiny.batches(10)
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for i, batch in enumerate(data):
        (_tiny.mse(by_hand, batch) / 4).backward()
        if (i + 1) % 4 == 0 or i + 1 == len(data):
            opt.step()
            opt.zero_grad()

    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=4)
    model = _tiny.linear()
    model, optimizer, loader = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1), _loader(10))
    for batch in loader:
        with accelerator.accumulate(model):
            accelerator.backward(_tiny.mse(model, batch))
            optimizer.step()
            optimizer.zero_grad()
    assert _tiny.same(_tiny.weights(model), _tiny.weights(by_hand))


def test_prepared_optimizer_acts_on_every_call_outside_accumulate() -> None:
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=4)
    model = _tiny.linear()
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))
    for batch in _tiny.batches(3):
        before = _tiny.weights(model)
        accelerator.backward(_tiny.mse(model, batch))
        optimizer.step()
        assert not _tiny.same(before, _tiny.weights(model), exact=True)
        optimizer.zero_grad()
        assert all(p.grad is None for p in model.parameters())
    assert accelerator.sync_gradients


def test_unprepared_optimizer_is_not_gated_by_accumulate() -> None:
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=4)
    model = accelerator.prepare(_tiny.linear())
    plain = torch.optim.SGD(model.parameters(), lr=0.1)  # never passed to prepare()
    with accelerator.accumulate(model):
        assert not accelerator.sync_gradients
        before = _tiny.weights(model)
        accelerator.backward(_tiny.mse(model, _tiny.batches(1)[0]))
        plain.step()
        assert not _tiny.same(before, _tiny.weights(model), exact=True)
        plain.zero_grad()
        assert all(p.grad is None for p in model.parameters())


def test_sync_gradients_is_true_at_window_ends() -> None:
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=2)
    model = accelerator.prepare(_tiny.linear())
    assert accelerator.sync_gradients  # before any accumulate: True
    flags = []
    for _ in range(4):
        with accelerator.accumulate(model):
            flags.append(accelerator.sync_gradients)
    assert flags == [False, True, False, True]


def test_no_sync_leaves_local_gradients_alone() -> None:
    data = _tiny.batches(2)
    by_hand = _tiny.linear()
    for batch in data:
        (_tiny.mse(by_hand, batch) / 2).backward()
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=2)
    model = accelerator.prepare(_tiny.linear())
    with accelerator.no_sync(model):
        accelerator.backward(_tiny.mse(model, data[0]))
    accelerator.backward(_tiny.mse(model, data[1]))
    assert _tiny.same(_tiny.grads(model), _tiny.grads(by_hand))


def _fp16_accelerator_with_cpu_scaler(**kwargs) -> Accelerator:
    """Accelerate builds its GradScaler only for GPU-like devices; on this CPU-only machine we hand
    the accelerator the real torch GradScaler it would build there, before prepare(), so its own
    unscale/clip/step code runs unchanged."""
    accelerator = Accelerator(cpu=True, mixed_precision="fp16", **kwargs)
    accelerator.scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
    accelerator.native_amp = True
    return accelerator


def _fp16_close(a, b) -> bool:
    """fp16 autocast rounds the forward pass: equal to a few parts in a thousand, far from the scale 1024."""
    return all(torch.allclose(x, y, rtol=1e-2, atol=1e-3) for x, y in zip(a, b))


def test_clip_grad_norm_unscales_first() -> None:
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    expected_norm = torch.nn.utils.clip_grad_norm_(by_hand.parameters(), 0.1)

    accelerator = _fp16_accelerator_with_cpu_scaler()
    model = _tiny.linear()
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))
    accelerator.backward(_tiny.mse(model, batch))
    assert not _tiny.same(_tiny.grads(model), _tiny.grads(by_hand))  # still multiplied by the scale
    norm = accelerator.clip_grad_norm_(model.parameters(), 0.1)
    assert torch.allclose(norm, expected_norm, rtol=1e-2)  # the norm of the unscaled gradients
    assert _fp16_close(_tiny.grads(model), _tiny.grads(by_hand))
    before = _tiny.weights(model)
    optimizer.step()  # the scaler does not unscale a second time
    stepped = [w - 0.1 * g for w, g in zip(before, _tiny.grads(by_hand))]
    assert _fp16_close(_tiny.weights(model), stepped)


def test_clip_grad_value_unscales_first() -> None:
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    torch.nn.utils.clip_grad_value_(by_hand.parameters(), 0.05)

    accelerator = _fp16_accelerator_with_cpu_scaler()
    model = _tiny.linear()
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))
    accelerator.backward(_tiny.mse(model, batch))
    accelerator.clip_grad_value_(model.parameters(), 0.05)
    assert _fp16_close(_tiny.grads(model), _tiny.grads(by_hand))


def test_clip_grad_norm_is_not_gated_by_sync() -> None:
    """Off a sync step clip_grad_norm_ still clips the partial sum (hence the documented
    `if accelerator.sync_gradients:` guard)."""
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=4)
    model = accelerator.prepare(_tiny.linear())
    with accelerator.accumulate(model):
        assert not accelerator.sync_gradients
        accelerator.backward(_tiny.mse(model, _tiny.batches(1)[0]) * 100)
        accelerator.clip_grad_norm_(model.parameters(), 0.01)
        total = torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters()))
    assert total <= 0.01 + 1e-6


def test_optimizer_step_was_skipped_after_overflow() -> None:
    accelerator = _fp16_accelerator_with_cpu_scaler()
    model = _tiny.linear()
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))
    accelerator.backward(_tiny.mse(model, _tiny.batches(1)[0]))
    optimizer.step()
    assert accelerator.optimizer_step_was_skipped is False
    optimizer.zero_grad()
    accelerator.backward(_tiny.mse(model, _tiny.batches(1)[0]))
    next(model.parameters()).grad[0, 0] = float("inf")
    before = _tiny.weights(model)
    optimizer.step()
    assert accelerator.optimizer_step_was_skipped is True
    assert _tiny.same(before, _tiny.weights(model), exact=True)


def test_bookkeeping_methods_leave_gradients_alone() -> None:
    """free_memory/clear, unwrap_model, gather, reduce, wait_for_everyone, print: no effect on .grad
    or weights (free_memory also resets the accumulate counter)."""
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=2)
    model = _tiny.linear()
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))
    accelerator.backward(_tiny.mse(model, _tiny.batches(1)[0]))
    grads, weights = _tiny.grads(model), _tiny.weights(model)
    assert accelerator.unwrap_model(model) is model or isinstance(accelerator.unwrap_model(model), torch.nn.Module)
    accelerator.gather(torch.ones(2))
    accelerator.reduce(torch.ones(2))
    accelerator.wait_for_everyone()
    accelerator.print("", end="")
    with accelerator.accumulate(model):
        pass
    assert accelerator.step == 1
    accelerator.free_memory()
    assert accelerator.step == 0
    assert _tiny.same(_tiny.grads(model), grads, exact=True)
    assert _tiny.same(_tiny.weights(model), weights, exact=True)


@pytest.mark.parametrize(
    "where,correct",
    [("after_step_in_body", True), ("loop_top_outside_accumulate", True), ("start_of_accumulate_body", False)],
)
def test_where_a_clear_may_go_under_accumulate(where: str, correct: bool) -> None:
    """A prepared optimizer's zero_grad acts when sync_gradients is True. After step() in the body, or
    at the top of the loop outside the with-block (the flag still tells whether the previous
    micro-batch ended a window), it clears once per window. At the start of the body it runs on the
    window's last micro-batch before its backward and wipes the window's first N-1 gradients."""
    data = _tiny.batches(8)
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for i, batch in enumerate(data):
        (_tiny.mse(by_hand, batch) / 4).backward()
        if (i + 1) % 4 == 0:
            opt.step()
            opt.zero_grad()

    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=4)
    model = _tiny.linear()
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))
    for batch in data:
        if where == "loop_top_outside_accumulate":
            optimizer.zero_grad()
        with accelerator.accumulate(model):
            if where == "start_of_accumulate_body":
                optimizer.zero_grad()
            accelerator.backward(_tiny.mse(model, batch))
            optimizer.step()
            if where == "after_step_in_body":
                optimizer.zero_grad()
    assert _tiny.same(_tiny.weights(model), _tiny.weights(by_hand)) is correct


def test_model_zero_grad_is_not_gated_by_accumulate() -> None:
    """Only prepared optimizers are gated: model.zero_grad() inside accumulate clears on every
    micro-batch, so nothing accumulates (GF011)."""
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=4)
    model = _tiny.linear()
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))
    for batch in _tiny.batches(2):
        with accelerator.accumulate(model):
            accelerator.backward(_tiny.mse(model, batch))
            model.zero_grad()
            assert not accelerator.sync_gradients
            assert all(p.grad is None for p in model.parameters())


def test_collectives_hand_back_the_loss_with_its_graph_on_one_process() -> None:
    """On a single process `gather` and `gather_for_metrics` return the tensor they are given
    and `reduce` a copy still in its graph: a history of them keeps every step's graph (GF009)."""
    accelerator = Accelerator(cpu=True)
    model = accelerator.prepare(_tiny.linear())
    loss = _tiny.mse(model, _tiny.batches(1)[0])
    for collected in (accelerator.gather(loss), accelerator.gather_for_metrics(loss), accelerator.reduce(loss)):
        assert collected.requires_grad and collected.grad_fn is not None
    assert accelerator.gather_for_metrics(loss.detach()).grad_fn is None


def test_clip_after_the_discriminator_step_fix_trains_like_the_hand_fix() -> None:
    """`accelerator.clip_grad_norm_(discriminator.parameters(), ...)` after `d_opt.step()`, only
    the generator's optimizer stepping later, clips gradients the step already used (GF010). The
    fix moves the clip before `d_opt.step()`; it trains like a torch loop clipping the
    discriminator's gradients before its step."""
    from pathlib import Path

    from gradfix.runner import Options, process_source

    fixture = (
        Path(__file__).parent.parent / "before_after" / "GF010_clip_after_step"
        / "accelerate_discriminator_clip_after_its_step_before_the_generator_step.before.py"
    )
    before = fixture.read_text()
    result = process_source(str(fixture), before.encode(), Options(select=frozenset({"GF010"}), fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    generator = torch.Generator().manual_seed(0)
    batches = [(torch.randn(6, 4, generator=generator) * 3 + 1, torch.randn(6, 8, generator=generator)) for _ in range(4)]

    def run(code: str) -> list[torch.Tensor]:
        AcceleratorState._reset_state(True)
        GradientState._reset_state()
        torch.manual_seed(0)
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        gen, disc = namespace["train"](batches, 2)
        return _tiny.weights(gen) + _tiny.weights(disc)

    def hand() -> list[torch.Tensor]:
        nn = torch.nn
        torch.manual_seed(0)
        gen = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        disc = nn.Sequential(nn.Linear(4, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
        g_opt = torch.optim.Adam(gen.parameters(), lr=1e-3)
        d_opt = torch.optim.SGD(disc.parameters(), lr=0.05, momentum=0.9)
        criterion = nn.BCEWithLogitsLoss()
        for _ in range(2):
            for real, noise in batches:
                fake = gen(noise)
                label = torch.ones(len(real), 1)
                d_opt.zero_grad()
                (criterion(disc(real), label) + criterion(disc(fake.detach()), 1 - label)).backward()
                torch.nn.utils.clip_grad_norm_(disc.parameters(), 0.5)
                d_opt.step()
                g_opt.zero_grad()
                criterion(disc(fake), label).backward()
                g_opt.step()
        return _tiny.weights(gen) + _tiny.weights(disc)

    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)  # the bug trains otherwise
