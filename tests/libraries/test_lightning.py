"""Proofs for gradfix/libraries/lightning.py: PyTorch Lightning's Trainer and LightningModule, and
Lightning Fabric, run on the CPU and compared with hand-written torch loops."""

from __future__ import annotations

import warnings

import pytest

torch = pytest.importorskip("torch")
pl = pytest.importorskip("pytorch_lightning")
lightning_fabric = pytest.importorskip("lightning_fabric")

from torch.utils.data import DataLoader, TensorDataset  # noqa: E402

from . import _tiny  # noqa: E402

pytestmark = [
    pytest.mark.xdist_group("lightning"),
    pytest.mark.filterwarnings("ignore::UserWarning"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
    pytest.mark.filterwarnings("ignore::FutureWarning"),
]
warnings.filterwarnings("ignore", ".*does not have many workers.*")


def _loader(count: int, size: int = 4) -> DataLoader:
    data = _tiny.batches(count, size)
    return DataLoader(
        TensorDataset(torch.cat([x for x, _ in data]), torch.cat([y for _, y in data])), batch_size=size, shuffle=False
    )


def _trainer(**kwargs) -> pl.Trainer:
    kwargs.setdefault("max_epochs", 1)
    return pl.Trainer(
        accelerator="cpu",
        devices=1,
        logger=False,
        enable_checkpointing=False,
        enable_progress_bar=False,
        enable_model_summary=False,
        num_sanity_val_steps=0,
        **kwargs,
    )


class _Automatic(pl.LightningModule):
    def __init__(self) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.grads_at_backward: list[list[torch.Tensor | None]] = []

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch)

    def on_before_backward(self, loss):
        self.grads_at_backward.append(_tiny.grads(self.net))

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_automatic_optimization_clears_before_each_backward() -> None:
    module = _Automatic()
    _trainer().fit(module, _loader(4))
    assert len(module.grads_at_backward) == 4
    assert all(g is None for grads in module.grads_at_backward for g in grads)


def test_automatic_optimization_trains_like_the_hand_loop() -> None:
    data = _tiny.batches(5)
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for batch in data:
        opt.zero_grad()
        _tiny.mse(by_hand, batch).backward()
        opt.step()
    module = _Automatic()
    _trainer().fit(module, _loader(5))
    assert _tiny.same(_tiny.weights(module.net), _tiny.weights(by_hand))


def test_automatic_optimization_divides_by_accumulate_grad_batches() -> None:
    data = _tiny.batches(5)
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for i, batch in enumerate(data):
        (_tiny.mse(by_hand, batch) / 2).backward()
        if (i + 1) % 2 == 0 or i + 1 == len(data):  # the last, short window is stepped too
            opt.step()
            opt.zero_grad()
    module = _Automatic()
    _trainer(accumulate_grad_batches=2).fit(module, _loader(5))
    assert _tiny.same(_tiny.weights(module.net), _tiny.weights(by_hand))
    # cleared only at the start of each window: the 2nd micro-batch backpropagates onto the 1st's grads
    assert [all(g is None for g in grads) for grads in module.grads_at_backward] == [True, False, True, False, True]


class _ClearsEachBatch(_Automatic):
    def on_train_batch_start(self, batch, batch_idx):
        self.optimizers().zero_grad()


def test_clear_in_on_train_batch_start_wipes_the_accumulation_window() -> None:
    """Under automatic optimization with `accumulate_grad_batches=3`, a clear in
    `on_train_batch_start` runs before every micro-batch's training_step: each step applies the
    window's last micro-batch's gradient alone (divided by 3), never the window's sum (GF011)."""
    data = _tiny.batches(6)
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for i, batch in enumerate(data):
        opt.zero_grad()
        (_tiny.mse(by_hand, batch) / 3).backward()
        if (i + 1) % 3 == 0:
            opt.step()
    module = _ClearsEachBatch()
    _trainer(accumulate_grad_batches=3).fit(module, _loader(6))
    assert _tiny.same(_tiny.weights(module.net), _tiny.weights(by_hand))
    assert all(all(g is None for g in grads) for grads in module.grads_at_backward)


class _AutomaticDict(_Automatic):
    def training_step(self, batch, batch_idx):
        loss = _tiny.mse(self.net, batch)
        return {"loss": loss, "logged": loss.detach()}


def test_automatic_optimization_divides_the_loss_entry_of_a_returned_dict() -> None:
    """`training_step` may return a dict: its "loss" entry is what Lightning divides by
    `accumulate_grad_batches` and backpropagates, as it does a returned tensor."""
    plain = _Automatic()
    _trainer(accumulate_grad_batches=2).fit(plain, _loader(5))
    as_dict = _AutomaticDict()
    _trainer(accumulate_grad_batches=2).fit(as_dict, _loader(5))
    assert _tiny.same(_tiny.weights(as_dict.net), _tiny.weights(plain.net))


class _Manual(pl.LightningModule):
    def __init__(self, clear: bool) -> None:
        super().__init__()
        self.automatic_optimization = False
        self.clear = clear
        self.net = _tiny.linear()
        self.grads_at_step_start: list[list[torch.Tensor | None]] = []

    def training_step(self, batch, batch_idx):
        self.grads_at_step_start.append(_tiny.grads(self.net))
        opt = self.optimizers()
        if self.clear:
            opt.zero_grad()
        self.manual_backward(_tiny.mse(self.net, batch))
        opt.step()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def _hand_loop(data, clear: bool) -> torch.nn.Module:
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in data:
        if clear:
            opt.zero_grad()
        _tiny.mse(model, batch).backward()
        opt.step()
    return model


def test_manual_optimization_does_not_clear() -> None:
    module = _Manual(clear=False)
    _trainer().fit(module, _loader(4))
    # from the 2nd call on, training_step starts with the previous steps' gradients still there
    assert all(g is None for g in module.grads_at_step_start[0])
    assert all(g is not None for grads in module.grads_at_step_start[1:] for g in grads)
    # and training is exactly the hand loop that never clears (the GF001 bug), not the one that does
    assert _tiny.same(_tiny.weights(module.net), _tiny.weights(_hand_loop(_tiny.batches(4), clear=False)))
    assert not _tiny.same(_tiny.weights(module.net), _tiny.weights(_hand_loop(_tiny.batches(4), clear=True)))


def test_manual_optimization_with_zero_grad_trains_like_the_hand_loop() -> None:
    module = _Manual(clear=True)
    _trainer().fit(module, _loader(4))
    assert _tiny.same(_tiny.weights(module.net), _tiny.weights(_hand_loop(_tiny.batches(4), clear=True)))


def test_manual_optimization_batch_end_hook_clear_trains_like_the_hand_loop() -> None:
    # no clear in training_step: the module's on_train_batch_end (or a callback's
    # on_train_batch_start) clears, once per batch, around every training_step call
    class HookClears(_Manual):
        def on_train_batch_end(self, outputs, batch, batch_idx):
            self.optimizers().zero_grad()

    class ClearAtStart(pl.Callback):
        def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
            pl_module.optimizers().zero_grad()

    by_module = HookClears(clear=False)
    _trainer().fit(by_module, _loader(4))
    by_callback = _Manual(clear=False)
    _trainer(callbacks=[ClearAtStart()]).fit(by_callback, _loader(4))
    cleared = _tiny.weights(_hand_loop(_tiny.batches(4), clear=True))
    assert _tiny.same(_tiny.weights(by_module.net), cleared)
    assert _tiny.same(_tiny.weights(by_callback.net), cleared)


def test_manual_backward_does_not_divide() -> None:
    seen = {}

    class OneStep(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.automatic_optimization = False
            self.net = _tiny.linear()

        def training_step(self, batch, batch_idx):
            self.manual_backward(_tiny.mse(self.net, batch))
            seen["grads"] = _tiny.grads(self.net)

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=0.1)

    _trainer().fit(OneStep(), _loader(1))
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, _tiny.batches(1)[0]).backward()
    assert _tiny.same(seen["grads"], _tiny.grads(by_hand))
    # manual optimization refuses Trainer-side accumulation: the count cannot divide anything
    with pytest.raises(Exception, match="accumulate_grad_batches"):
        _trainer(accumulate_grad_batches=2).fit(OneStep(), _loader(2))


def test_manual_optimization_batch_idx_counts_each_epoch_from_zero() -> None:
    """`batch_idx`, training_step's second parameter, is the batch's index in the current
    epoch: 0 first, and 0 again at the start of each epoch. So `if batch_idx % 2 == 0: step`
    steps after the first micro-batch alone (a first window of 1, as on an `enumerate` index).
    `batch`, its first parameter, is the loader's batch as the loader yields it: plain tensors
    holding no autograd graph (FrameworkClass.batch_arguments)."""
    seen = []
    graphs = []

    class Windows(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.automatic_optimization = False
            self.net = _tiny.linear()

        def training_step(self, batch, batch_idx):
            opt = self.optimizers()
            graphs.extend((t.requires_grad, t.grad_fn) for t in batch)
            self.manual_backward(_tiny.mse(self.net, batch) / 2)
            if batch_idx % 2 == 0:
                opt.step()
                opt.zero_grad()
            seen.append(batch_idx)

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=0.1)

    module = Windows()
    _trainer(max_epochs=2).fit(module, _loader(3))
    assert seen == [0, 1, 2, 0, 1, 2]
    assert len(graphs) == 12 and set(graphs) == {(False, None)}
    by_hand = _tiny.linear()
    opt = torch.optim.SGD(by_hand.parameters(), lr=0.1)
    for _epoch in range(2):
        for i, batch in enumerate(_tiny.batches(3)):
            (_tiny.mse(by_hand, batch) / 2).backward()
            if i % 2 == 0:
                opt.step()
                opt.zero_grad()
    assert _tiny.same(_tiny.weights(module.net), _tiny.weights(by_hand))


def test_toggle_optimizer_freezes_other_optimizers_parameters() -> None:
    seen = {}

    class TwoOptimizers(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.automatic_optimization = False
            self.a = _tiny.linear(seed=1)
            self.b = _tiny.linear(seed=2)

        def training_step(self, batch, batch_idx):
            opt_a, opt_b = self.optimizers()
            self.a.weight.grad = torch.ones_like(self.a.weight)  # to see that toggling does not clear
            self.toggle_optimizer(opt_a)
            seen["requires_grad"] = (self.a.weight.requires_grad, self.b.weight.requires_grad)
            seen["grad_kept"] = torch.equal(self.a.weight.grad, torch.ones_like(self.a.weight))
            self.untoggle_optimizer(opt_a)
            seen["restored"] = (self.a.weight.requires_grad, self.b.weight.requires_grad)

        def configure_optimizers(self):
            return torch.optim.SGD(self.a.parameters(), lr=0.1), torch.optim.SGD(self.b.parameters(), lr=0.1)

    _trainer().fit(TwoOptimizers(), _loader(1))
    assert seen == {"requires_grad": (True, False), "grad_kept": True, "restored": (True, True)}


def test_lightning_optimizer_steps_and_clears_on_every_call() -> None:
    seen = []

    class Steps(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.automatic_optimization = False
            self.net = _tiny.linear()

        def training_step(self, batch, batch_idx):
            opt = self.optimizers()
            self.manual_backward(_tiny.mse(self.net, batch))
            before = _tiny.weights(self.net)
            opt.step()
            stepped = not _tiny.same(before, _tiny.weights(self.net), exact=True)
            opt.zero_grad()
            seen.append((stepped, all(p.grad is None for p in self.net.parameters()), isinstance(opt, (list, tuple))))

        def configure_optimizers(self):
            return [torch.optim.SGD(self.parameters(), lr=0.1)]

    _trainer().fit(Steps(), _loader(3))
    # one optimizer, even returned in a list, comes back alone (no list): `self.optimizers()`
    # indexed or iterated holds two or more (GF001 reads `opts[0].zero_grad()` so)
    assert seen == [(True, True, False)] * 3


def test_lr_schedulers_come_in_the_order_of_optimizers() -> None:
    """`sch_g, sch_d = self.lr_schedulers()` pairs by position with `opt_g, opt_d =
    self.optimizers()` (GF012 reads the pairing so)."""
    seen = []

    class Gan(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.automatic_optimization = False
            self.g = _tiny.linear()
            self.d = _tiny.linear()

        def training_step(self, batch, batch_idx):
            opt_g, opt_d = self.optimizers()
            sch_g, sch_d = self.lr_schedulers()
            seen.append((sch_g.optimizer is opt_g.optimizer, sch_d.optimizer is opt_d.optimizer))

        def configure_optimizers(self):
            opt_g = torch.optim.SGD(self.g.parameters(), lr=0.1)
            opt_d = torch.optim.SGD(self.d.parameters(), lr=0.2)
            sch_g = torch.optim.lr_scheduler.StepLR(opt_g, step_size=1)
            sch_d = torch.optim.lr_scheduler.StepLR(opt_d, step_size=1)
            return [opt_g, opt_d], [sch_g, sch_d]

    _trainer().fit(Gan(), _loader(2))
    assert seen == [(True, True)] * 2


@pytest.mark.parametrize("shape", ["tuple", "lists", "dicts"])
def test_optimizers_come_in_the_order_configure_optimizers_returns_them(shape: str) -> None:
    """`opt_d, opt_g = self.optimizers()` and `self.optimizers()[1]` are, by position, the
    optimizers `configure_optimizers` returns: a tuple, the first of a pair of lists, or dicts
    with an `"optimizer"` entry (GF032 reads the models each one is built over so)."""
    seen = []

    class Gan(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.automatic_optimization = False
            self.g = _tiny.linear()
            self.d = _tiny.linear()

        def training_step(self, batch, batch_idx):
            opt_d, opt_g = self.optimizers()
            second = self.optimizers()[1]
            seen.append((
                opt_d.optimizer.param_groups[0]["params"][0] is self.d.weight,
                opt_g.optimizer.param_groups[0]["params"][0] is self.g.weight,
                second.optimizer is opt_g.optimizer,
            ))

        def configure_optimizers(self):
            opt_d = torch.optim.SGD(self.d.parameters(), lr=0.1)
            opt_g = torch.optim.SGD(self.g.parameters(), lr=0.2)
            if shape == "tuple":
                return opt_d, opt_g
            if shape == "lists":
                return [opt_d, opt_g], []
            return {"optimizer": opt_d}, {"optimizer": opt_g}

    _trainer().fit(Gan(), _loader(2))
    assert seen == [(True, True, True)] * 2


def test_clip_gradients_clips_by_norm() -> None:
    seen = {}

    class Clips(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.automatic_optimization = False
            self.net = _tiny.linear()

        def training_step(self, batch, batch_idx):
            opt = self.optimizers()
            self.manual_backward(_tiny.mse(self.net, batch) * 100)
            self.clip_gradients(opt, gradient_clip_val=0.01, gradient_clip_algorithm="norm")
            seen["norm"] = torch.sqrt(sum(p.grad.pow(2).sum() for p in self.net.parameters()))

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=0.1)

    _trainer().fit(Clips(), _loader(1))
    assert seen["norm"] <= 0.01 + 1e-6


# --------------------------------------------------------------------------------------------
# Fabric


def _fabric():
    fabric = lightning_fabric.Fabric(accelerator="cpu", devices=1)
    return fabric


def test_fabric_setup_returns_module_and_optimizers() -> None:
    fabric = _fabric()
    model = _tiny.linear()
    opt_a = torch.optim.SGD(model.parameters(), lr=0.1)
    opt_b = torch.optim.SGD(model.parameters(), lr=0.2)
    out = fabric.setup(model, opt_a, opt_b)
    assert isinstance(out, tuple) and len(out) == 3
    assert isinstance(out[0], torch.nn.Module)
    assert out[1].optimizer is opt_a and out[2].optimizer is opt_b
    assert isinstance(fabric.setup(_tiny.linear()), torch.nn.Module)  # no optimizers: the module alone
    single = fabric.setup_optimizers(torch.optim.SGD(_tiny.linear().parameters(), lr=0.1))
    assert hasattr(single, "optimizer") and hasattr(single, "zero_grad")


def test_fabric_backward_does_not_divide() -> None:
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    fabric = _fabric()
    model = _tiny.linear()
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(_tiny.mse(model, batch))
    assert _tiny.same(_tiny.grads(model), _tiny.grads(by_hand), exact=True)
    before = _tiny.weights(model)
    optimizer.step()  # steps on every call: no accumulation gating
    assert not _tiny.same(before, _tiny.weights(model), exact=True)
    optimizer.zero_grad()
    assert all(p.grad is None for p in model.parameters())


def test_fabric_optimizer_step_applies_a_hand_scalers_scaled_gradients() -> None:
    """`fabric.backward(scaler.scale(loss))` with a hand torch GradScaler (Fabric's default
    precision): the gradients carry the loss scale; the Fabric optimizer's `step()` applies them
    as they are (GF023), `scaler.step(optimizer)` unscales first and steps like the plain loop."""
    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    scaled_by_hand = [g * 1024.0 for g in _tiny.grads(by_hand)]
    torch.optim.SGD(by_hand.parameters(), lr=0.1).step()
    fabric = _fabric()
    for through_scaler in (False, True):
        model = _tiny.linear()
        model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
        scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
        fabric.backward(scaler.scale(_tiny.mse(model, batch)))
        assert _tiny.same(_tiny.grads(model), scaled_by_hand)
        if through_scaler:
            scaler.step(optimizer)
            scaler.update()
            assert _tiny.same(_tiny.weights(model), _tiny.weights(by_hand))
        else:
            optimizer.step()  # the scale stays in the update
            assert not _tiny.same(_tiny.weights(model), _tiny.weights(by_hand))


def test_fabric_no_backward_sync_leaves_local_gradients_alone() -> None:
    """On one device no_backward_sync is a null context: backward inside it still adds the full,
    undivided loss gradient; the user must divide by the window size (GF005) and clear."""
    data = _tiny.batches(2)
    by_hand = _tiny.linear()
    for batch in data:
        _tiny.mse(by_hand, batch).backward()
    fabric = _fabric()
    model = _tiny.linear()
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    for i, batch in enumerate(data):
        with fabric.no_backward_sync(model, enabled=(i % 2 == 0)):
            fabric.backward(_tiny.mse(model, batch))
    assert _tiny.same(_tiny.grads(model), _tiny.grads(by_hand))


def test_fabric_clip_gradients_clips() -> None:
    fabric = _fabric()
    model = _tiny.linear()
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(_tiny.mse(model, _tiny.batches(1)[0]) * 100)
    fabric.clip_gradients(model, optimizer, max_norm=0.01)
    assert torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters())) <= 0.01 + 1e-6
    fabric.clip_gradients(model, optimizer, clip_val=0.001)
    assert all(p.grad.abs().max() <= 0.001 + 1e-9 for p in model.parameters())


def test_fabric_call_runs_user_callbacks() -> None:
    """fabric.call runs whatever the callbacks do, so its effect on gradients is the callbacks' own."""
    model = _tiny.linear()

    class ClearsGradients:
        def on_train_batch_end(self):
            model.zero_grad()

    fabric = lightning_fabric.Fabric(accelerator="cpu", devices=1, callbacks=[ClearsGradients()])
    _tiny.mse(model, _tiny.batches(1)[0]).backward()
    fabric.call("on_train_batch_end")
    assert all(p.grad is None for p in model.parameters())
    fabric.call("a_hook_nobody_defines")  # no such method: nothing happens


def test_fabric_call_runs_the_named_method_of_each_callback() -> None:
    """`fabric.call("hook", *args, **kwargs)` calls `hook` of each callback handed to
    `Fabric(callbacks=[...])`, in their order, skipping a callback without it, and hands each
    method only the keywords it takes: the loop model reads the call as those methods' calls
    (GF001/GF002/GF010 through Fabric callbacks)."""
    seen: list[tuple[str, object]] = []

    class Takes:
        def on_train_batch_end(self, optimizer):
            seen.append(("takes", optimizer))

    class Lacks:
        def on_train_batch_start(self, optimizer):
            seen.append(("lacks", optimizer))

    class Everything:
        def on_train_batch_end(self, **kwargs):
            seen.append(("everything", sorted(kwargs)))

    fabric = lightning_fabric.Fabric(accelerator="cpu", devices=1, callbacks=[Takes(), Lacks(), Everything()])
    fabric.call("on_train_batch_end", optimizer="opt", model="net")
    assert seen == [("takes", "opt"), ("everything", ["model", "optimizer"])]


def test_fabric_clip_gradients_unscales_first() -> None:
    """Fabric only builds a GradScaler for GPUs; its own MixedPrecision plugin, handed a real CPU
    GradScaler, runs the same backward/clip code a GPU run would."""
    from lightning_fabric.plugins.precision.amp import MixedPrecision

    batch = _tiny.batches(1)[0]
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    precision = MixedPrecision(precision="16-mixed", device="cpu", scaler=torch.amp.GradScaler("cpu", init_scale=1024.0))
    fabric = lightning_fabric.Fabric(accelerator="cpu", devices=1, plugins=[precision])
    model = _tiny.linear()
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(_tiny.mse(model, batch))
    scaled = _tiny.grads(model)
    assert all(torch.allclose(s, 1024.0 * h, rtol=2e-2, atol=1e-2) for s, h in zip(scaled, _tiny.grads(by_hand)))
    fabric.clip_gradients(model, optimizer, max_norm=1e9)
    assert all(torch.allclose(g, h, rtol=2e-2, atol=1e-3) for g, h in zip(_tiny.grads(model), _tiny.grads(by_hand)))


class _EvalInStep(pl.LightningModule):
    def __init__(self) -> None:
        super().__init__()
        self.net = torch.nn.Sequential(_tiny.linear(), torch.nn.Dropout(0.5))
        self.modes: list[bool] = []

    def training_step(self, batch, batch_idx):
        self.modes.append(self.net.training)
        loss = _tiny.mse(self.net, batch)
        if batch_idx == 1:
            self.net.eval()  # a probe that never switches back
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_automatic_optimization_keeps_a_mode_set_in_training_step() -> None:
    module = _EvalInStep()
    trainer = pl.Trainer(
        accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
        enable_progress_bar=False, enable_model_summary=False, num_sanity_val_steps=0,
    )
    trainer.fit(module, _loader(3))
    # nothing of Lightning's switches back between batches nor between training epochs (GF017)
    assert module.modes == [True, True, False, False, False, False]


class _BatchHooks(pl.LightningModule):
    """Records the order of the per-batch hooks, training_step and the optimizer step."""

    def __init__(self, manual: bool = False) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.calls: list[str] = []
        self.automatic_optimization = not manual

    def on_train_batch_start(self, batch, batch_idx):
        self.calls.append(f"start{batch_idx}")

    def training_step(self, batch, batch_idx):
        self.calls.append(f"step{batch_idx}")
        loss = _tiny.mse(self.net, batch)
        if not self.automatic_optimization:
            opt = self.optimizers()
            opt.zero_grad()
            self.manual_backward(loss)
            opt.step()
        return loss

    def on_before_optimizer_step(self, optimizer):
        self.calls.append("optimizer")

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.calls.append(f"end{batch_idx}")

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


@pytest.mark.parametrize("manual", [False, True])
def test_batch_hooks_run_around_each_training_step_and_its_step(manual: bool) -> None:
    module = _BatchHooks(manual=manual)
    _trainer().fit(module, _loader(3))
    # on_train_batch_start, training_step, the optimizer step, on_train_batch_end; batch by batch
    assert module.calls == [f"{c}{i}" if c != "optimizer" else c for i in range(3) for c in ("start", "step", "optimizer", "end")]


class _EvalAtBatchEnd(pl.LightningModule):
    def __init__(self) -> None:
        super().__init__()
        self.net = torch.nn.Sequential(_tiny.linear(), torch.nn.Dropout(0.5))
        self.modes: list[bool] = []

    def training_step(self, batch, batch_idx):
        self.modes.append(self.net.training)
        return _tiny.mse(self.net, batch)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        if batch_idx == 1:
            self.eval()  # a probe that never switches back

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_batch_end_hook_eval_stays_for_the_next_training_steps() -> None:
    module = _EvalAtBatchEnd()
    _trainer(max_epochs=2).fit(module, _loader(3))
    # nothing of Lightning's switches back after the hook, nor at the next epoch (GF017)
    assert module.modes == [True, True, False, False, False, False]


class _EvalAtEpochEnd(_EvalAtBatchEnd):
    """The batch-end probe's module, with a validation loop, switched to eval at each epoch's end."""

    def on_train_batch_end(self, outputs, batch, batch_idx):
        pass

    def validation_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch)

    def on_train_epoch_end(self):
        self.eval()


class _EvalAtEpochEndCallback(pl.Callback):
    def on_train_epoch_end(self, trainer, pl_module):
        pl_module.eval()


def test_epoch_end_hook_eval_stays_for_the_next_epoch() -> None:
    # on_train_epoch_end (the module's, after the validation loop restored the modes it found)
    # and a Callback's: the next epoch's training_step calls all run in eval mode (GF017)
    module = _EvalAtEpochEnd()
    _trainer(max_epochs=3).fit(module, _loader(2), _loader(1))
    assert module.modes == [True, True, False, False, False, False]
    module = _EvalAtBatchEnd()
    module.on_train_batch_end = lambda outputs, batch, batch_idx: None  # (no batch-end probe)
    _trainer(max_epochs=2, callbacks=[_EvalAtEpochEndCallback()]).fit(module, _loader(2))
    assert module.modes == [True, True, False, False]


class _EvalProbe(pl.Callback):
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        self.calls.append(f"callback{batch_idx}")
        if batch_idx == 1:
            pl_module.eval()  # a probe that never switches back


class _StepsAndModes(pl.LightningModule):
    def __init__(self) -> None:
        super().__init__()
        self.net = torch.nn.Sequential(_tiny.linear(), torch.nn.Dropout(0.5))
        self.modes: list[bool] = []
        self.calls: list[str] = []

    def training_step(self, batch, batch_idx):
        self.modes.append(self.net.training)
        self.calls.append(f"step{batch_idx}")
        return _tiny.mse(self.net, batch)

    def on_before_optimizer_step(self, optimizer):
        self.calls.append("optimizer")

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.calls.append(f"module{batch_idx}")

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_callback_batch_end_eval_stays_for_the_next_training_steps() -> None:
    module = _StepsAndModes()
    _trainer(max_epochs=2, callbacks=[_EvalProbe(module.calls)]).fit(module, _loader(3))
    # a Callback's on_train_batch_end runs after the batch's optimizer step, before the module's
    # own hook and the next training_step; nothing of Lightning's switches back (GF017's leftover)
    assert module.calls[:8] == ["step0", "optimizer", "callback0", "module0", "step1", "optimizer", "callback1", "module1"]
    assert module.modes == [True, True, False, False, False, False]


class _EvalInOwnBatchEnd(_StepsAndModes):
    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.calls.append(f"module{batch_idx}")
        self.eval()  # a probe of the module's own, switched back by a Callback (of another file)


class _BackToTrain(pl.Callback):
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        self.calls.append(f"start{batch_idx}")
        pl_module.train()


def test_callback_batch_start_train_switches_back_before_each_training_step() -> None:
    module, unswitched = _EvalInOwnBatchEnd(), _EvalInOwnBatchEnd()
    _trainer(max_epochs=2, callbacks=[_BackToTrain(module.calls)]).fit(module, _loader(3))
    _trainer(max_epochs=2).fit(unswitched, _loader(3))
    # a Callback's on_train_batch_start runs before every training_step, after the previous
    # batch's on_train_batch_end: its `pl_module.train()` undoes the module's own eval there
    assert module.calls[:6] == ["start0", "step0", "optimizer", "module0", "start1", "step1"]
    assert module.modes == [True] * 6
    assert unswitched.modes == [True] + [False] * 5


class _WarmupInOptimizerStep(pl.LightningModule):
    def __init__(self, by_groups: bool) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.by_groups = by_groups
        self.seen: list[object] = []

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch)

    def configure_optimizers(self):
        self.configured = torch.optim.SGD(self.parameters(), lr=0.1)
        return self.configured

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        self.seen.append(optimizer)
        if self.by_groups:
            for group in optimizer.param_groups:
                group["lr"] = 0.01
        else:
            optimizer.lr = 0.01  # an attribute of the wrapper only
        optimizer.step(closure=optimizer_closure)


def test_optimizer_step_hook_optimizer_wraps_the_configured_one() -> None:
    plain, grouped = _WarmupInOptimizerStep(by_groups=False), _WarmupInOptimizerStep(by_groups=True)
    _trainer().fit(plain, _loader(4))
    _trainer().fit(grouped, _loader(4))
    # the hook's `optimizer` is a LightningOptimizer over the configured optimizer (its 4th parameter)
    assert all(isinstance(o, pl.core.optimizer.LightningOptimizer) and o.optimizer is plain.configured for o in plain.seen)
    assert all(o.param_groups is plain.configured.param_groups for o in plain.seen)
    # `optimizer.lr = ...` changes nothing: training at lr 0.1; param_groups do change it (GF024)
    assert plain.configured.param_groups[0]["lr"] == 0.1 and grouped.configured.param_groups[0]["lr"] == 0.01
    assert _tiny.same(_tiny.weights(plain.net), _tiny.weights(_sgd_loop(0.1)))
    assert _tiny.same(_tiny.weights(grouped.net), _tiny.weights(_sgd_loop(0.01)))


class _DecayInEpochStart(pl.LightningModule):
    def __init__(self, by_groups: bool) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.by_groups = by_groups
        self.seen: list[object] = []

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch)

    def on_train_epoch_start(self):
        optimizer = self.optimizers()
        self.seen.append(optimizer)
        if self.by_groups:
            for group in optimizer.param_groups:
                group["lr"] = 0.01
        else:
            optimizer.lr = 0.01  # an attribute of the wrapper only

    def configure_optimizers(self):
        self.configured = torch.optim.SGD(self.parameters(), lr=0.1)
        return self.configured


def test_optimizers_call_wraps_the_configured_one() -> None:
    plain, grouped = _DecayInEpochStart(by_groups=False), _DecayInEpochStart(by_groups=True)
    _trainer().fit(plain, _loader(4))
    _trainer().fit(grouped, _loader(4))
    # `self.optimizers()` in a hook: a LightningOptimizer over the configured optimizer, sharing
    # its param_groups; `optimizer.lr = ...` changes nothing (training at lr 0.1), the groups do
    assert all(isinstance(o, pl.core.optimizer.LightningOptimizer) and o.optimizer is plain.configured for o in plain.seen)
    assert all(o.param_groups is plain.configured.param_groups for o in plain.seen)
    assert plain.configured.param_groups[0]["lr"] == 0.1 and grouped.configured.param_groups[0]["lr"] == 0.01
    assert _tiny.same(_tiny.weights(plain.net), _tiny.weights(_sgd_loop(0.1)))
    assert _tiny.same(_tiny.weights(grouped.net), _tiny.weights(_sgd_loop(0.01)))


class _DecayWrittenDirectly(_DecayInEpochStart):
    def __init__(self, raw: bool) -> None:
        super().__init__(by_groups=False)
        self.raw = raw

    def on_train_epoch_start(self):
        self.seen.append((self.optimizers(use_pl_optimizer=False), self.optimizers(), self.optimizers()))
        if self.raw:
            self.optimizers(use_pl_optimizer=False).lr = 0.01  # an attribute of the torch optimizer only
        else:
            self.optimizers().lr = 0.01  # an attribute of the wrapper only


def test_optimizers_call_is_one_wrapper_and_use_pl_optimizer_false_the_optimizer_itself() -> None:
    raw, wrapped = _DecayWrittenDirectly(raw=True), _DecayWrittenDirectly(raw=False)
    _trainer().fit(raw, _loader(4))
    _trainer().fit(wrapped, _loader(4))
    # `self.optimizers(use_pl_optimizer=False)` is the configured torch optimizer itself; every
    # `self.optimizers()` call hands back the same LightningOptimizer (so `self.optimizers().lr`
    # written and read back is one attribute); `.lr = ...` on either changes no learning rate
    for module in (raw, wrapped):
        assert all(o is module.configured and a is b and a.optimizer is module.configured for o, a, b in module.seen)
        assert module.configured.param_groups[0]["lr"] == 0.1
        assert _tiny.same(_tiny.weights(module.net), _tiny.weights(_sgd_loop(0.1)))
    assert raw.configured.lr == 0.01 and wrapped.seen[0][1].lr == 0.01


def _sgd_loop(lr: float) -> torch.nn.Module:
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for batch in _tiny.batches(4):
        opt.zero_grad()
        _tiny.mse(model, batch).backward()
        opt.step()
    return model


def test_fabric_clip_moved_before_its_optimizers_step_trains_like_the_hand_fix() -> None:
    """`fabric.clip_gradients(encoder, encoder_opt, ...)` after `encoder_opt.step()` (and before
    the other optimizer's step) clips gradients the step already used (GF010). The fix moves the
    clip before that step; it trains like a hand loop clipping the encoder's gradients first."""
    from pathlib import Path

    from gradfix.runner import Options, process_source

    fixture = (
        Path(__file__).parent.parent / "before_after" / "GF010_clip_after_step"
        / "fabric_clip_of_the_encoder_after_its_step_before_the_head_step.before.py"
    )
    before = fixture.read_text()
    result = process_source(str(fixture), before.encode(), Options(select=frozenset({"GF010"}), fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    generator = torch.Generator().manual_seed(0)
    data = [(torch.randn(8, 16, generator=generator) * 4, torch.randint(0, 4, (8,), generator=generator)) for _ in range(5)]

    def run(code: str) -> list[torch.Tensor]:
        torch.manual_seed(0)
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        namespace["train"](data, 2)
        return _tiny.weights(namespace["encoder"]) + _tiny.weights(namespace["classifier"])

    def hand() -> list[torch.Tensor]:
        torch.manual_seed(0)
        encoder = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU())
        classifier = torch.nn.Linear(32, 4)
        encoder_opt = torch.optim.SGD(encoder.parameters(), lr=0.05, momentum=0.9)
        classifier_opt = torch.optim.Adam(classifier.parameters(), lr=1e-3)
        for _ in range(2):
            for features, labels in data:
                encoder_opt.zero_grad()
                classifier_opt.zero_grad()
                torch.nn.functional.cross_entropy(classifier(encoder(features)), labels).backward()
                torch.nn.utils.clip_grad_norm_(encoder.parameters(), 1.0)
                encoder_opt.step()
                classifier_opt.step()
        return _tiny.weights(encoder) + _tiny.weights(classifier)

    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)  # the bug trains otherwise


def test_trainer_options_spread_from_a_module_dict_fix_trains_like_one_division() -> None:
    """`pl.Trainer(**TRAINER_OPTIONS)` with `"accumulate_grad_batches": 2` in the module's dict
    divides the `"loss"` entry the `training_step` returns by 2, after the step's own `loss / 2`
    (GF016). The fix removes the step's division; the module then trains like a torch loop
    dividing each micro-batch's loss by 2 once, stepping every second batch."""
    from pathlib import Path

    from gradfix.runner import Options, process_source

    fixture = (
        Path(__file__).parent.parent / "before_after" / "GF016_double_scaled_accumulation"
        / "lightning_trainer_options_spread_from_a_module_dict.before.py"
    )
    before = fixture.read_text()
    result = process_source(str(fixture), before.encode(), Options(select=frozenset({"GF016"}), fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    generator = torch.Generator().manual_seed(0)
    tokens = torch.randn(16, 10, generator=generator)
    tags = torch.randint(0, 3, (16,), generator=generator)
    loader = DataLoader(TensorDataset(tokens, tags), batch_size=4, shuffle=False)

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        torch.manual_seed(0)
        module = namespace["Tagger"]()
        options = {k: v for k, v in namespace["TRAINER_OPTIONS"].items() if k != "accelerator"}  # (`_trainer` sets it)
        options["max_epochs"] = 2
        _trainer(**options).fit(module, loader)
        return _tiny.weights(module)

    def hand() -> list[torch.Tensor]:
        torch.manual_seed(0)
        encoder, tagger = torch.nn.Linear(10, 16), torch.nn.Linear(16, 3)
        params = [*encoder.parameters(), *tagger.parameters()]
        opt = torch.optim.SGD(params, lr=0.1, momentum=0.9)
        for _ in range(2):
            for i, (x, y) in enumerate(loader):
                (torch.nn.functional.cross_entropy(tagger(torch.relu(encoder(x))), y) / 2).backward()
                if (i + 1) % 2 == 0:
                    opt.step()
                    opt.zero_grad()
        return [p.detach().clone() for p in params]

    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)  # the bug trains otherwise


def test_onecycle_returned_without_interval_fix_trains_like_a_per_step_schedule() -> None:
    """A OneCycleLR over `estimated_stepping_batches` returned without `"interval"` is stepped
    once per epoch by Lightning (GF020). The (unsafe) fix returns it with `"interval": "step"`;
    the module then trains like a torch loop stepping the OneCycleLR after every optimizer step."""
    from pathlib import Path

    from gradfix.runner import Options, process_source

    fixture = (
        Path(__file__).parent.parent / "before_after" / "GF020_scheduler_horizon_mismatch"
        / "lightning_onecycle_over_estimated_stepping_batches_returned_without_interval.before.py"
    )
    before = fixture.read_text()
    result = process_source(str(fixture), before.encode(), Options(select=frozenset({"GF020"}), fix=True, unsafe_fixes=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(24, 12, generator=generator)
    y = torch.randint(0, 3, (24,), generator=generator)
    loader = DataLoader(TensorDataset(x, y), batch_size=6, shuffle=False)

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        torch.manual_seed(0)
        module = namespace["Classifier"]()
        _trainer(max_epochs=3).fit(module, loader)
        return _tiny.weights(module)

    def hand() -> list[torch.Tensor]:
        torch.manual_seed(0)
        layers = torch.nn.Sequential(torch.nn.Linear(12, 24), torch.nn.ReLU(), torch.nn.Linear(24, 3))
        opt = torch.optim.SGD(layers.parameters(), lr=0.05, momentum=0.9)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.2, total_steps=3 * len(loader))
        for _ in range(3):
            for inputs, labels in loader:
                opt.zero_grad()
                torch.nn.functional.cross_entropy(layers(inputs), labels).backward()
                opt.step()
                sched.step()
        return _tiny.weights(layers)

    assert '"interval": "step"' in fixed
    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)  # the bug trains otherwise


class _EpochHalving(pl.Callback):
    """`trainer.optimizers[0]` in a Callback hook: `opt.lr = ...` (the bug), or the groups."""

    def __init__(self, by_groups: bool) -> None:
        self.by_groups = by_groups
        self.seen: list[object] = []

    def on_train_epoch_start(self, trainer, pl_module):
        optimizer = trainer.optimizers[0]
        self.seen.append(optimizer)
        if self.by_groups:
            for group in optimizer.param_groups:
                group["lr"] = 0.1 * 0.5 ** trainer.current_epoch
        else:
            optimizer.lr = 0.1 * 0.5 ** trainer.current_epoch


class _Configured(pl.LightningModule):
    def __init__(self) -> None:
        super().__init__()
        self.net = _tiny.linear()

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch)

    def configure_optimizers(self):
        self.configured = torch.optim.SGD(self.parameters(), lr=0.1)
        return self.configured


def test_callback_trainer_optimizers_are_the_configured_optimizers() -> None:
    """A Callback's `trainer.optimizers[0]` is the torch optimizer `configure_optimizers`
    returned, itself (no wrapper): `.lr = ...` on it changes no learning rate (GF024), its
    `param_groups` do; GF024's fix (the groups written from the attribute) trains like them."""
    from gradfix.runner import Options, process_source

    attribute, groups = _EpochHalving(by_groups=False), _EpochHalving(by_groups=True)
    plain, grouped = _Configured(), _Configured()
    _trainer(max_epochs=3, callbacks=[attribute]).fit(plain, _loader(4))
    _trainer(max_epochs=3, callbacks=[groups]).fit(grouped, _loader(4))
    assert all(o is plain.configured for o in attribute.seen) and all(o is grouped.configured for o in groups.seen)
    assert plain.configured.param_groups[0]["lr"] == 0.1 and grouped.configured.param_groups[0]["lr"] == 0.025
    assert not _tiny.same(_tiny.weights(plain.net), _tiny.weights(grouped.net))

    code = (
        "import pytorch_lightning as pl\nimport torch\n\n\n"
        "class Halving(pl.Callback):\n"
        "    def on_train_epoch_start(self, trainer, pl_module):\n"
        "        optimizer = trainer.optimizers[0]\n"
        "        optimizer.lr = 0.1 * 0.5 ** trainer.current_epoch\n\n\n"
        "class Module(pl.LightningModule):\n"
        "    def training_step(self, batch, batch_idx):\n"
        "        return self(batch)\n\n"
        "    def configure_optimizers(self):\n"
        "        return torch.optim.SGD(self.parameters(), lr=0.1)\n"
    )
    result = process_source("train.py", code.encode(), Options(select=frozenset({"GF024"}), fix=True))
    assert [d.code for d in result.diagnostics] == ["GF024"] and result.fixed is not None
    namespace: dict[str, object] = {}
    exec(compile(result.fixed.decode(), "train.py", "exec"), namespace)
    fixed = _Configured()
    _trainer(max_epochs=3, callbacks=[namespace["Halving"]()]).fit(fixed, _loader(4))
    assert fixed.configured.param_groups[0]["lr"] == 0.025
    assert _tiny.same(_tiny.weights(fixed.net), _tiny.weights(grouped.net))


class _Divided(pl.LightningModule):
    def __init__(self, divisor: int) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.divisor = divisor

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch) / self.divisor

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)


def test_accumulation_scheduler_callback_divides_like_the_trainer_setting() -> None:
    """`GradientAccumulationScheduler(scheduling={0: 3})` sets `trainer.accumulate_grad_batches`
    to 3 from the first epoch: automatic optimization then divides the step's loss by 3 as with
    `Trainer(accumulate_grad_batches=3)`, so a `return loss / 3` divides twice (GF016); the
    fix (the step's own division removed) trains like the setting."""
    from pytorch_lightning.callbacks import GradientAccumulationScheduler

    from gradfix.runner import Options, process_source

    def fit(module: pl.LightningModule, **kwargs) -> list[torch.Tensor]:
        _trainer(max_epochs=2, **kwargs).fit(module, _loader(6))
        return _tiny.weights(module.net)

    setting = fit(_Divided(1), accumulate_grad_batches=3)
    scheduled = fit(_Divided(1), callbacks=[GradientAccumulationScheduler(scheduling={0: 3})])
    twice = fit(_Divided(3), callbacks=[GradientAccumulationScheduler(scheduling={0: 3})])
    assert _tiny.same(setting, scheduled) and not _tiny.same(setting, twice)

    code = (
        "import pytorch_lightning as pl\nimport torch\n"
        "from pytorch_lightning.callbacks import GradientAccumulationScheduler\n\n\n"
        "class Module(pl.LightningModule):\n"
        "    def training_step(self, batch, batch_idx):\n"
        "        loss = self.loss_of(batch)\n"
        "        return loss / 3\n\n"
        "    def configure_optimizers(self):\n"
        "        return torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)\n\n\n"
        "def fit(module, loader):\n"
        "    pl.Trainer(callbacks=[GradientAccumulationScheduler(scheduling={0: 3})]).fit(Module(), loader)\n"
    )
    result = process_source("train.py", code.encode(), Options(select=frozenset({"GF016"}), fix=True))
    assert [d.code for d in result.diagnostics] == ["GF016"] and result.fixed is not None
    namespace: dict[str, object] = {}
    exec(compile(result.fixed.decode(), "train.py", "exec"), namespace)

    class Fixed(namespace["Module"]):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            super().__init__()
            self.net = _tiny.linear()

        def loss_of(self, batch):
            return _tiny.mse(self.net, batch)

    fixed = fit(Fixed(), callbacks=[GradientAccumulationScheduler(scheduling={0: 3})])
    assert _tiny.same(fixed, setting)


class _ClippedInAHook(pl.LightningModule):
    def __init__(self, hook: str | None) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.hook = hook

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch) * 50

    def on_before_zero_grad(self, optimizer):
        if self.hook == "on_before_zero_grad":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)

    def on_before_optimizer_step(self, optimizer):
        if self.hook == "on_before_optimizer_step":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        if self.hook == "on_train_batch_end":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)

    def on_before_backward(self, loss):
        if self.hook == "on_before_backward":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class _ClipCallback(pl.Callback):
    def on_before_zero_grad(self, trainer, pl_module, optimizer):
        torch.nn.utils.clip_grad_norm_(pl_module.parameters(), 0.01)


class _BatchEndClipCallback(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        torch.nn.utils.clip_grad_norm_(pl_module.parameters(), 0.01)


class _ClearedInAHook(pl.LightningModule):
    def __init__(self, hook: str | None) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.hook = hook

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch)

    def on_after_backward(self):
        if self.hook == "on_after_backward":
            self.optimizers().zero_grad()

    def on_before_optimizer_step(self, optimizer):
        if self.hook == "on_before_optimizer_step":
            optimizer.zero_grad()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_clear_in_the_backward_hooks_wipes_the_step() -> None:
    """Under automatic optimization Lightning calls `on_after_backward` and
    `on_before_optimizer_step` between the backward and the optimizer step: a clear there leaves
    the step nothing to apply (the weights never move, with or without accumulation: GF002),
    and without it the module trains."""
    for accumulate in (1, 2):
        for hook in ("on_after_backward", "on_before_optimizer_step"):
            module = _ClearedInAHook(hook)
            start = _tiny.weights(module.net)
            _trainer(max_epochs=2, accumulate_grad_batches=accumulate).fit(module, _loader(4))
            assert _tiny.same(_tiny.weights(module.net), start)
        module = _ClearedInAHook(None)
        start = _tiny.weights(module.net)
        _trainer(max_epochs=2, accumulate_grad_batches=accumulate).fit(module, _loader(4))
        assert not _tiny.same(_tiny.weights(module.net), start)


def test_clip_in_the_batch_end_hook_changes_no_step() -> None:
    """Under automatic optimization Lightning calls `on_train_batch_end` (of the module and of
    callbacks) after the batch's optimizer step: a clip there changes no step without
    accumulation, and with `accumulate_grad_batches=2` it clips only the window's first partial
    sum, which is not the clip before the step either (GF010). GF010's fix, the hook made
    `on_before_optimizer_step(self, optimizer)`, clips before every step."""
    def fit(module: pl.LightningModule, **kwargs) -> list[torch.Tensor]:
        _trainer(**kwargs).fit(module, _loader(6))
        return _tiny.weights(module.net)

    plain = fit(_ClippedInAHook(None))
    assert _tiny.same(fit(_ClippedInAHook("on_train_batch_end")), plain)
    assert _tiny.same(fit(_ClippedInAHook(None), callbacks=[_BatchEndClipCallback()]), plain)
    assert not _tiny.same(fit(_ClippedInAHook("on_before_optimizer_step")), plain)
    before_step = fit(_ClippedInAHook("on_before_optimizer_step"), accumulate_grad_batches=2)
    batch_end = fit(_ClippedInAHook("on_train_batch_end"), accumulate_grad_batches=2)
    assert not _tiny.same(batch_end, before_step)
    assert not _tiny.same(batch_end, fit(_ClippedInAHook(None), accumulate_grad_batches=2))


class _ClippedInTheStep(_ClippedInAHook):
    def training_step(self, batch, batch_idx):
        torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)
        return _tiny.mse(self.net, batch) * 50


def test_clip_in_an_automatic_training_step_changes_no_step() -> None:
    """Under automatic optimization Lightning runs `training_step` before the batch's clear
    and backward: a clip there acts on the previous batch's gradients, already applied and
    then cleared, and changes no step (GF010; its unsafe fix moves the clip into a new
    `on_before_optimizer_step`); the same clip in
    `on_before_optimizer_step`, or `Trainer(gradient_clip_val=...)`, clips every step."""
    def fit(module: pl.LightningModule, **kwargs) -> list[torch.Tensor]:
        _trainer(**kwargs).fit(module, _loader(6))
        return _tiny.weights(module.net)

    plain = fit(_ClippedInAHook(None))
    assert _tiny.same(fit(_ClippedInTheStep(None)), plain)
    before_step = fit(_ClippedInAHook("on_before_optimizer_step"))
    assert not _tiny.same(before_step, plain)
    assert _tiny.same(fit(_ClippedInAHook(None), gradient_clip_val=0.01), before_step)


class _ClipInStepOverride(pl.LightningModule):
    def __init__(self, where: str | None) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.where = where

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch) * 50

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        optimizer.step(closure=optimizer_closure)
        if self.where == "after":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)

    def configure_gradient_clipping(self, optimizer, gradient_clip_val=None, gradient_clip_algorithm=None):
        if self.where == "configure":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_clip_after_the_step_in_the_optimizer_step_override_changes_no_step() -> None:
    """Under automatic optimization Lightning calls the module's `optimizer_step(epoch,
    batch_idx, optimizer, optimizer_closure)`; `optimizer.step(closure=optimizer_closure)` runs
    the closure (training_step, the clear, backward) and then updates, so a clip written after
    it changes no step (the next closure clears first), with or without accumulation (GF010,
    reported without a fix); the same clip in `configure_gradient_clipping` (called inside the
    closure, after backward) clips every step."""
    def fit(module: pl.LightningModule, **kwargs) -> list[torch.Tensor]:
        _trainer(**kwargs).fit(module, _loader(6))
        return _tiny.weights(module.net)

    for accumulate in (1, 2):
        plain = fit(_ClipInStepOverride(None), accumulate_grad_batches=accumulate)
        assert _tiny.same(fit(_ClipInStepOverride("after"), accumulate_grad_batches=accumulate), plain)
        assert not _tiny.same(fit(_ClipInStepOverride("configure"), accumulate_grad_batches=accumulate), plain)


class _ScheduledInStepOverride(pl.LightningModule):
    def __init__(self, before: bool) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.before = before
        self.rates: list[float] = []

    def training_step(self, batch, batch_idx):
        self.rates.append(self.optimizers().param_groups[0]["lr"])
        return _tiny.mse(self.net, batch)

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        if self.before:
            self.decay.step()
        optimizer.step(closure=optimizer_closure)
        if not self.before:
            self.decay.step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        self.decay = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
        return opt


def test_scheduler_before_the_closure_step_in_the_optimizer_step_override_skips_the_first_rate() -> None:
    """Under automatic optimization the module's `optimizer_step` override runs before the
    batch's training_step: `optimizer.step(closure=optimizer_closure)` runs training_step,
    backward and the update. A scheduler stepped before that call has already decayed the rate
    the first update uses (the first rate is skipped, GF012, reported without a fix); stepped
    after it, the first update uses the optimizer's own rate."""
    runs = {}
    for before in (True, False):
        module = _ScheduledInStepOverride(before)
        _trainer().fit(module, _loader(4))
        runs[before] = (module.rates, _tiny.weights(module.net))
    assert runs[False][0] == pytest.approx([0.1, 0.05, 0.025, 0.0125])
    assert runs[True][0] == pytest.approx([0.05, 0.025, 0.0125, 0.00625])
    assert not _tiny.same(runs[True][1], runs[False][1])


def test_clip_in_the_before_zero_grad_hook_changes_no_step() -> None:
    """Lightning calls `on_before_zero_grad` (of the module and of callbacks) after
    `training_step`, right before zeroing the previous step's gradients: a clip there changes no
    step, with or without accumulation (GF010); GF010's fix, the hook renamed
    `on_before_optimizer_step` (same parameters, between backward and the step), clips."""
    from gradfix.runner import Options, process_source

    def fit(module: pl.LightningModule, **kwargs) -> list[torch.Tensor]:
        _trainer(**kwargs).fit(module, _loader(6))
        return _tiny.weights(module.net)

    for accumulate in (1, 2):
        plain = fit(_ClippedInAHook(None), accumulate_grad_batches=accumulate)
        assert _tiny.same(fit(_ClippedInAHook("on_before_zero_grad"), accumulate_grad_batches=accumulate), plain)
        assert _tiny.same(fit(_ClippedInAHook(None), accumulate_grad_batches=accumulate, callbacks=[_ClipCallback()]), plain)
        assert not _tiny.same(fit(_ClippedInAHook("on_before_optimizer_step"), accumulate_grad_batches=accumulate), plain)

    code = (
        "import pytorch_lightning as pl\nimport torch\n\n\n"
        "class Module(pl.LightningModule):\n"
        "    def training_step(self, batch, batch_idx):\n"
        "        return self.loss_of(batch)\n\n"
        "    def on_before_zero_grad(self, optimizer):\n"
        "        torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)\n\n"
        "    def configure_optimizers(self):\n"
        "        return torch.optim.SGD(self.parameters(), lr=0.1)\n"
    )
    result = process_source("train.py", code.encode(), Options(select=frozenset({"GF010"}), fix=True))
    assert [d.code for d in result.diagnostics] == ["GF010"] and result.fixed is not None
    namespace: dict[str, object] = {}
    exec(compile(result.fixed.decode(), "train.py", "exec"), namespace)

    class Fixed(namespace["Module"]):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            super().__init__()
            self.net = _tiny.linear()

        def loss_of(self, batch):
            return _tiny.mse(self.net, batch) * 50

    assert _tiny.same(fit(Fixed()), fit(_ClippedInAHook("on_before_optimizer_step")))


def test_clip_in_the_before_backward_hook_changes_no_step() -> None:
    """Lightning calls `on_before_backward` (of callbacks, then of the module) after its clear and
    right before the batch's backward: a clip there reaches none of the gradients the step
    applies; with accumulate_grad_batches=2 it clips the window's first micro-batch's gradients
    (a partial sum), not what the step applies (GF010). GF010's fix, the hook rewritten as
    `on_before_optimizer_step(self, optimizer)`, clips like that hook written by hand."""
    from gradfix.runner import Options, process_source

    def fit(module: pl.LightningModule, **kwargs) -> list[torch.Tensor]:
        _trainer(**kwargs).fit(module, _loader(6))
        return _tiny.weights(module.net)

    plain = fit(_ClippedInAHook(None))
    assert _tiny.same(fit(_ClippedInAHook("on_before_backward")), plain)
    clipped = fit(_ClippedInAHook("on_before_optimizer_step"))
    assert not _tiny.same(clipped, plain)
    partial = fit(_ClippedInAHook("on_before_backward"), accumulate_grad_batches=2)
    assert not _tiny.same(partial, fit(_ClippedInAHook("on_before_optimizer_step"), accumulate_grad_batches=2))
    assert not _tiny.same(partial, fit(_ClippedInAHook(None), accumulate_grad_batches=2))

    code = (
        "import pytorch_lightning as pl\nimport torch\n\n\n"
        "class Module(pl.LightningModule):\n"
        "    def training_step(self, batch, batch_idx):\n"
        "        return self.loss_of(batch)\n\n"
        "    def on_before_backward(self, loss):\n"
        "        torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)\n\n"
        "    def configure_optimizers(self):\n"
        "        return torch.optim.SGD(self.parameters(), lr=0.1)\n"
    )
    result = process_source("train.py", code.encode(), Options(select=frozenset({"GF010"}), fix=True))
    assert [d.code for d in result.diagnostics] == ["GF010"] and result.fixed is not None
    assert b"def on_before_optimizer_step(self, optimizer):" in result.fixed
    namespace: dict[str, object] = {}
    exec(compile(result.fixed.decode(), "train.py", "exec"), namespace)

    class Fixed(namespace["Module"]):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            super().__init__()
            self.net = _tiny.linear()

        def loss_of(self, batch):
            return _tiny.mse(self.net, batch) * 50

    assert _tiny.same(fit(Fixed()), clipped)


class _OwnBackward(pl.LightningModule):
    def __init__(self, body: str) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.body = body
        self.calls: list[tuple[bool, float]] = []

    def training_step(self, batch, batch_idx):
        out = self.net(batch[0])
        self.aux = 0.1 * out.pow(2).mean()
        return torch.nn.functional.mse_loss(out, batch[1])

    def backward(self, loss, *args, **kwargs):
        self.calls.append((all(p.grad is None for p in self.parameters()), float(loss)))
        if self.body == "retain":
            loss.backward(retain_graph=True)
        elif self.body == "two":
            loss.backward(retain_graph=True)
            self.aux.backward()
        elif self.body == "sum":
            (loss + self.aux).backward()
        else:
            loss.backward()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_backward_override_is_each_batchs_one_backward() -> None:
    """Lightning (automatic optimization) calls a LightningModule's `backward(self, loss)`
    override once per batch, after its clear (no gradient yet), with the loss training_step
    returned (divided by accumulate_grad_batches), and backpropagates that loss nowhere else:
    `loss.backward(retain_graph=True)` there trains like `loss.backward()` (GF004), and two
    backwards of one batch's graph like one backward of their sum (GF003)."""

    def fit(body: str, **kwargs) -> tuple[list[torch.Tensor], _OwnBackward]:
        module = _OwnBackward(body)
        _trainer(**kwargs).fit(module, _loader(6))
        return _tiny.weights(module.net), module

    plain, module = fit("plain")
    assert len(module.calls) == 6 and all(cleared for cleared, _ in module.calls)
    assert _tiny.same(fit("retain")[0], plain)
    assert _tiny.same(fit("two")[0], fit("sum")[0]) and not _tiny.same(fit("sum")[0], plain)
    _, halved = fit("plain", accumulate_grad_batches=2)
    assert [cleared for cleared, _ in halved.calls] == [True, False] * 3
    data = _tiny.batches(6, 4)
    assert abs(halved.calls[0][1] - float(_tiny.mse(_tiny.linear(), data[0])) / 2) < 1e-6


def test_fabric_collectives_hand_back_the_loss_with_its_graph() -> None:
    """On one device Fabric's `all_reduce(loss, reduce_op=...)` and `all_gather(loss)` hand back
    the loss tensor itself, graph and all (lightning_fabric 2.6.6, SingleDeviceStrategy): adding
    what they return into a running total keeps every step's graph alive, as `total += loss` does."""
    fabric = lightning_fabric.Fabric(accelerator="cpu", devices=1)
    model = _tiny.linear()
    loss = _tiny.mse(model, _tiny.batches(1)[0])
    for reduced in (fabric.all_reduce(loss), fabric.all_reduce(loss, reduce_op="sum"), fabric.all_gather(loss)):
        assert reduced.requires_grad and reduced.grad_fn is not None
    assert fabric.all_reduce(loss, reduce_op="mean") is loss
    assert fabric.all_reduce(loss.detach()).grad_fn is None


class _ManualHooked(pl.LightningModule):
    """Manual optimization, cleared at the top of training_step unless `clear` is False, with a
    clear or a clip in one of the gradient hooks, or a clip written by hand before the step."""

    def __init__(self, clear_hook: str | None = None, clip_at: str | None = None, clear: bool = True) -> None:
        super().__init__()
        self.automatic_optimization = False
        self.net = _tiny.linear()
        self.clear_hook, self.clip_at, self.clear = clear_hook, clip_at, clear

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        if self.clear:
            opt.zero_grad()
        self.manual_backward(_tiny.mse(self.net, batch) * 50)
        if self.clip_at == "training_step":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)
        opt.step()

    def on_after_backward(self):
        if self.clear_hook == "on_after_backward":
            self.optimizers().zero_grad()

    def on_before_optimizer_step(self, optimizer):
        if self.clear_hook == "on_before_optimizer_step":
            optimizer.zero_grad()
        if self.clip_at == "on_before_optimizer_step":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        if self.clip_at == "on_train_batch_end":
            torch.nn.utils.clip_grad_norm_(self.parameters(), 0.01)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_manual_optimization_backward_hooks_run_between_manual_backward_and_the_step() -> None:
    """Under manual optimization too, `self.manual_backward(loss)` runs the module's
    `on_after_backward`, and `opt.step()` runs `on_before_optimizer_step` before it updates: a
    clear in either leaves the step nothing to apply (the weights never move: GF002, with a clear
    in training_step or without one), and a clip in `on_before_optimizer_step` is the clip written
    before `opt.step()` in training_step."""
    for clear in (True, False):
        for hook in ("on_after_backward", "on_before_optimizer_step"):
            module = _ManualHooked(clear_hook=hook, clear=clear)
            start = _tiny.weights(module.net)
            _trainer(max_epochs=2).fit(module, _loader(4))
            assert _tiny.same(_tiny.weights(module.net), start)
    moved = _ManualHooked()
    start = _tiny.weights(moved.net)
    _trainer(max_epochs=2).fit(moved, _loader(4))
    assert not _tiny.same(_tiny.weights(moved.net), start)
    by_hook, by_hand = _ManualHooked(clip_at="on_before_optimizer_step"), _ManualHooked(clip_at="training_step")
    _trainer(max_epochs=2).fit(by_hook, _loader(4))
    _trainer(max_epochs=2).fit(by_hand, _loader(4))
    assert _tiny.same(_tiny.weights(by_hook.net), _tiny.weights(by_hand.net))
    assert not _tiny.same(_tiny.weights(by_hook.net), _tiny.weights(moved.net))


def test_manual_optimization_clip_in_the_batch_end_hook_changes_no_step() -> None:
    """Under manual optimization `on_train_batch_end` runs after training_step, so after its
    `opt.step()`: a clip there, with training_step clearing first, changes no step (GF010); the
    fix, the hook made `on_before_optimizer_step(self, optimizer)`, clips before each step."""
    plain, batch_end = _ManualHooked(), _ManualHooked(clip_at="on_train_batch_end")
    renamed = _ManualHooked(clip_at="on_before_optimizer_step")
    for module in (plain, batch_end, renamed):
        _trainer(max_epochs=2).fit(module, _loader(4))
    assert _tiny.same(_tiny.weights(batch_end.net), _tiny.weights(plain.net))
    assert not _tiny.same(_tiny.weights(renamed.net), _tiny.weights(plain.net))


class _IdleClearOverride(pl.LightningModule):
    def __init__(self, clears: bool) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.clears = clears

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch)

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        if self.clears:
            optimizer.zero_grad()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)


def test_optimizer_zero_grad_overridden_to_do_nothing_never_clears() -> None:
    """Under automatic optimization Lightning clears only through the module's
    `optimizer_zero_grad(epoch, batch_idx, optimizer)` hook (`_make_zero_grad_fn`): overridden to
    do nothing, every step applies the sum of all gradients since training began, exactly the
    hand loop without a clear (GF001); with Lightning's default body, `optimizer.zero_grad()`,
    it trains like the cleared hand loop."""
    data = _tiny.batches(5)

    def by_hand(clear: bool) -> list[torch.Tensor]:
        net = _tiny.linear()
        opt = torch.optim.SGD(net.parameters(), lr=0.05)
        for batch in data:
            if clear:
                opt.zero_grad()
            _tiny.mse(net, batch).backward()
            opt.step()
        return _tiny.weights(net)

    for clears in (False, True):
        module = _IdleClearOverride(clears)
        _trainer().fit(module, _loader(5))
        assert _tiny.same(_tiny.weights(module.net), by_hand(clears))
    assert not _tiny.same(by_hand(False), by_hand(True))


class _HandScheduled(pl.LightningModule):
    """Automatic optimization; `training_step` steps `self.lr_schedulers()` by hand (the GF012 bug) or not."""

    def __init__(self, by_hand: bool) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.by_hand = by_hand
        self.rates: list[float] = []

    def training_step(self, batch, batch_idx):
        if self.by_hand:
            self.lr_schedulers().step()
        return _tiny.mse(self.net, batch)

    def on_before_optimizer_step(self, optimizer):
        self.rates.append(optimizer.param_groups[0]["lr"])

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": sched, "interval": "step"}}


def test_hand_scheduler_step_in_an_automatic_training_step_runs_before_the_update() -> None:
    """`self.lr_schedulers().step()` in an automatic `training_step` runs before the update of
    the same batch (the first rate, 0.1, never reaches a step) and Lightning steps the returned
    scheduler after the update as well: the rates the updates use are 0.1 * 0.5 ** (2k + 1)
    instead of 0.1 * 0.5 ** k (GF012, reported without a fix)."""
    loader = _loader(4)
    plain, hand = _HandScheduled(by_hand=False), _HandScheduled(by_hand=True)
    _trainer().fit(plain, loader)
    _trainer().fit(hand, loader)
    assert plain.rates == pytest.approx([0.1 * 0.5**k for k in range(4)])
    assert hand.rates == pytest.approx([0.1 * 0.5 ** (2 * k + 1) for k in range(4)])


class _ClearBeforeLightning(pl.Callback):
    def on_before_zero_grad(self, trainer, pl_module, optimizer):
        optimizer.zero_grad()


def test_a_callback_clearing_in_on_before_zero_grad_clears_for_an_idle_override() -> None:
    """`_make_zero_grad_fn` runs the callbacks' `on_before_zero_grad(trainer, pl_module,
    optimizer)` before the module's `optimizer_zero_grad`, whatever that does: a callback (of any
    module of the project, handed to `Trainer(callbacks=[...])`) clearing there makes a module
    whose override does nothing train like the cleared hand loop (GF001 stays silent when a
    callback of another module of the project may clear)."""
    data = _tiny.batches(5)
    net = _tiny.linear()
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    for batch in data:
        opt.zero_grad()
        _tiny.mse(net, batch).backward()
        opt.step()
    idle = _IdleClearOverride(False)
    _trainer(callbacks=[_ClearBeforeLightning()]).fit(idle, _loader(5))
    assert _tiny.same(_tiny.weights(idle.net), _tiny.weights(net))


class _StepsItsScheduleInTheBatchHook(pl.LightningModule):
    def __init__(self, epochs: int) -> None:
        super().__init__()
        self.net = _tiny.linear()
        self.epochs = epochs

    def training_step(self, batch, batch_idx):
        return _tiny.mse(self.net, batch)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.lr_schedulers().step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.epochs)}


def test_a_scheduler_stepped_in_the_batch_end_hook_is_stepped_again_each_epoch() -> None:
    """Under automatic optimization Lightning steps the scheduler `configure_optimizers` returns
    once per epoch (the default `"interval"`) whatever the module's hooks do: one stepped again
    by `self.lr_schedulers().step()` in `on_train_batch_end` advances once per batch plus once
    per epoch, so a horizon of epochs (`T_max=epochs`) is spent within the first epoch (GF020)."""
    module = _StepsItsScheduleInTheBatchHook(epochs=2)
    _trainer(max_epochs=2).fit(module, _loader(4))
    scheduler = module.lr_schedulers()
    assert scheduler.last_epoch == 2 * 4 + 2
    assert scheduler.last_epoch > module.epochs


class _StepsItsStepIntervalScheduleInTheBatchHook(_StepsItsScheduleInTheBatchHook):
    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        ramp = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.5, total_iters=100)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": ramp, "interval": "step"}}


def test_a_step_interval_scheduler_stepped_in_the_batch_end_hook_is_stepped_twice_per_batch() -> None:
    """A scheduler returned with `"interval": "step"` is stepped by Lightning after each optimizer
    step; `self.lr_schedulers().step()` in `on_train_batch_end` steps it again: it advances two
    steps per batch, so a horizon of optimizer steps ends halfway through training (GF020)."""
    module = _StepsItsStepIntervalScheduleInTheBatchHook(epochs=2)
    _trainer(max_epochs=2).fit(module, _loader(4))
    assert module.lr_schedulers().last_epoch == 2 * 2 * 4


class _StepsTheSecondOfItsSchedulesInTheBatchHook(_StepsItsScheduleInTheBatchHook):
    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.lr_schedulers()[1].step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        ramp = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.5, total_iters=3)
        cosine = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.epochs)
        return [opt], [ramp, cosine]


def test_the_ith_of_several_schedulers_stepped_in_the_batch_end_hook_is_stepped_again_each_epoch() -> None:
    """`[opt], [ramp, cosine]`: `self.lr_schedulers()` is the list in that order, Lightning steps
    each once per epoch, and `self.lr_schedulers()[1].step()` in `on_train_batch_end` steps the
    second one again every batch (GF020 reads the index against the returned list);
    `trainer.lr_scheduler_configs[i].scheduler` is the same i-th scheduler."""
    module = _StepsTheSecondOfItsSchedulesInTheBatchHook(epochs=2)
    _trainer(max_epochs=2).fit(module, _loader(4))
    ramp, cosine = module.lr_schedulers()
    assert isinstance(cosine, torch.optim.lr_scheduler.CosineAnnealingLR)
    assert (ramp.last_epoch, cosine.last_epoch) == (2, 2 * 4 + 2)
    # the Trainer's configs are the same schedulers in the same order
    assert [c.scheduler for c in module.trainer.lr_scheduler_configs] == [ramp, cosine]


class _StepsTheModulesSchedule(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pl_module.lr_schedulers().step()


class _LeavesItsScheduleToLightning(_StepsItsScheduleInTheBatchHook):
    def on_train_batch_end(self, outputs, batch, batch_idx):
        pass


def test_a_callback_stepping_the_modules_scheduler_per_batch_steps_it_again() -> None:
    """A Callback's `pl_module.lr_schedulers().step()` in `on_train_batch_end` steps the module's
    scheduler that Lightning also steps once per epoch: once per batch plus once per epoch (GF020)."""
    module = _LeavesItsScheduleToLightning(epochs=2)
    _trainer(max_epochs=2, callbacks=[_StepsTheModulesSchedule()]).fit(module, _loader(4))
    assert module.lr_schedulers().last_epoch == 2 * 4 + 2
