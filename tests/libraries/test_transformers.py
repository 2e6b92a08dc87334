"""Proofs for gradfix/libraries/transformers.py: the Hugging Face Trainer (and subclasses that override
training_step / compute_loss) trains a tiny model built in code, on the CPU, with no hub access.

The Trainer shuffles its data, so each test records the batches in the order the Trainer fed
them and replays that order in the hand-written torch loop it is compared with.
"""

from __future__ import annotations

import os

import pytest

torch = pytest.importorskip("torch")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
transformers = pytest.importorskip("transformers")

from . import _tiny  # noqa: E402

pytestmark = [pytest.mark.xdist_group("transformers"), pytest.mark.filterwarnings("ignore")]

GAS = 2


class Regressor(torch.nn.Module):
    """forward(x, labels) -> {"loss"}; no **kwargs, so the Trainer does not count loss items."""

    def __init__(self) -> None:
        super().__init__()
        self.net = _tiny.linear()

    def forward(self, x, labels):
        return {"loss": torch.nn.functional.mse_loss(self.net(x), labels)}


def _dataset(count: int = 12) -> list[dict]:
    xs, ys = _tiny.batches(1, size=count)[0]
    return [{"x": xs[i], "labels": ys[i]} for i in range(count)]


def _args(tmp_path, **extra):
    values = dict(
        output_dir=str(tmp_path),
        per_device_train_batch_size=2,
        gradient_accumulation_steps=GAS,
        num_train_epochs=1,
        learning_rate=0.1,
        optim="sgd",
        lr_scheduler_type="constant",
        weight_decay=0.0,
        max_grad_norm=0.0,  # no clipping, so the hand loop needs none
        report_to=[],
        save_strategy="no",
        logging_strategy="no",
        use_cpu=True,
        dataloader_num_workers=0,
        seed=0,
        disable_tqdm=True,
    )
    values.update(extra)
    return transformers.TrainingArguments(**values)


def _recording(base):
    """A Trainer subclass that records each micro-batch and the .grad it found there."""

    class Recording(base):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.seen: list[tuple[torch.Tensor, torch.Tensor]] = []
            self.grads_before: list[list[torch.Tensor | None]] = []

        def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
            self.seen.append((inputs["x"].detach().clone(), inputs["labels"].detach().clone()))
            self.grads_before.append(_tiny.grads(model.net))
            return super().compute_loss(model, inputs, return_outputs, num_items_in_batch)

    return Recording


def _hand(seen, divisor: float, window: int = GAS) -> torch.nn.Module:
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, batch in enumerate(seen):
        (_tiny.mse(model, batch) / divisor).backward()
        if (i + 1) % window == 0 or i + 1 == len(seen):
            opt.step()
            opt.zero_grad()
    return model


def _train(trainer_class, tmp_path, **extra):
    trainer = trainer_class(model=Regressor(), args=_args(tmp_path, **extra), train_dataset=_dataset())
    trainer.train()
    return trainer


def test_trainer_accelerator_does_not_divide(tmp_path) -> None:
    trainer = transformers.Trainer(model=Regressor(), args=_args(tmp_path), train_dataset=_dataset())
    assert trainer.args.gradient_accumulation_steps == GAS
    assert trainer.accelerator.gradient_accumulation_steps == 1
    batch = _tiny.batches(1)[0]
    model = trainer.model
    trainer.accelerator.backward(_tiny.mse(model.net, batch))
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    assert _tiny.same(_tiny.grads(model.net), _tiny.grads(by_hand))


def test_training_step_divides_by_accumulation_steps(tmp_path) -> None:
    trainer = _train(_recording(transformers.Trainer), tmp_path)
    assert len(trainer.seen) == 6
    assert _tiny.same(_tiny.weights(trainer.model.net), _tiny.weights(_hand(trainer.seen, GAS)))


def test_trainer_clears_after_each_optimizer_step(tmp_path) -> None:
    trainer = _train(_recording(transformers.Trainer), tmp_path)
    # None at the first micro-batch of every window, present at the others
    assert [all(g is None for g in grads) for grads in trainer.grads_before] == [True, False] * 3


def test_compute_loss_override_dividing_by_accumulation_is_divided_again(tmp_path) -> None:
    """GF016 in a Trainer subclass: compute_loss divides by the accumulation count and the base
    training_step divides again: gradients are 1/GAS of the intended size."""

    class DividesInComputeLoss(_recording(transformers.Trainer)):
        def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
            loss = super().compute_loss(model, inputs, return_outputs, num_items_in_batch)
            return loss / self.args.gradient_accumulation_steps

    trainer = _train(DividesInComputeLoss, tmp_path)
    assert _tiny.same(_tiny.weights(trainer.model.net), _tiny.weights(_hand(trainer.seen, GAS * GAS)))
    assert not _tiny.same(_tiny.weights(trainer.model.net), _tiny.weights(_hand(trainer.seen, GAS)))


def test_loss_is_scaled_for_ga_true_is_not_divided(tmp_path) -> None:
    class AlreadyScaled(_recording(transformers.Trainer)):
        loss_is_scaled_for_ga = True

    trainer = _train(AlreadyScaled, tmp_path)
    assert _tiny.same(_tiny.weights(trainer.model.net), _tiny.weights(_hand(trainer.seen, 1)))


def test_training_step_override_owns_the_division(tmp_path) -> None:
    """A training_step override replaces the base one: the Trainer still clears and steps around it,
    self.accelerator.backward divides by 1, so the override must divide by the count itself."""

    def override(divide: bool):
        class Override(_recording(transformers.Trainer)):
            def training_step(self, model, inputs, num_items_in_batch=None):
                model.train()
                loss = self.compute_loss(model, inputs)
                if divide:
                    loss = loss / self.args.gradient_accumulation_steps
                self.accelerator.backward(loss)
                return loss.detach()

        return Override

    divided = _train(override(True), tmp_path / "a")
    assert _tiny.same(_tiny.weights(divided.model.net), _tiny.weights(_hand(divided.seen, GAS)))
    undivided = _train(override(False), tmp_path / "b")
    assert _tiny.same(_tiny.weights(undivided.model.net), _tiny.weights(_hand(undivided.seen, 1)))


def test_whole_training_step_override_is_one_micro_batch(tmp_path) -> None:
    """A training_step override written whole runs once per micro-batch, the Trainer stepping and
    clearing around it: what it appends to an attribute of the Trainer keeps each micro-batch's
    graph until training ends (GF009), and two self.accelerator.backward calls of one graph, the
    first with retain_graph=True, train like one backward of their sum (GF003)."""

    def override(split: bool):
        class Whole(_recording(transformers.Trainer)):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.kept = []

            def training_step(self, model, inputs, num_items_in_batch=None):
                model.train()
                pred = model.net(inputs["x"])
                fit = torch.nn.functional.mse_loss(pred, inputs["labels"]) / self.args.gradient_accumulation_steps
                reg = 0.01 * pred.pow(2).mean()
                if split:
                    self.accelerator.backward(fit, retain_graph=True)
                    self.accelerator.backward(reg)
                else:
                    self.accelerator.backward(fit + reg)
                self.kept.append(fit)
                return fit.detach()

        return Whole

    split = _train(override(True), tmp_path / "a")
    summed = _train(override(False), tmp_path / "b")
    assert len(split.kept) == 6 and all(loss.grad_fn is not None for loss in split.kept)
    assert _tiny.same(_tiny.weights(split.model.net), _tiny.weights(summed.model.net))
    assert not _tiny.same(_tiny.weights(split.model.net), _tiny.weights(_tiny.linear()))


def test_compute_loss_override_runs_once_per_micro_batch_before_the_backward(tmp_path) -> None:
    """The base training_step calls compute_loss once per micro-batch and backpropagates what it
    returns after it returns: a loss the override appends to an attribute of the Trainer still
    holds its graph when training ends (GF009), and appending it detached trains the same."""

    def keeping(detach: bool):
        class Keeping(transformers.Trainer):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.kept = []

            def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
                loss = model(**inputs)["loss"]
                self.kept.append(loss.detach() if detach else loss)
                return loss

        return Keeping

    kept = _train(keeping(False), tmp_path / "a")
    detached = _train(keeping(True), tmp_path / "b")
    assert len(kept.kept) == 6 and all(loss.grad_fn is not None for loss in kept.kept)
    assert all(loss.grad_fn is None for loss in detached.kept)
    assert _tiny.same(_tiny.weights(kept.model.net), _tiny.weights(detached.model.net))
    assert not _tiny.same(_tiny.weights(kept.model.net), _tiny.weights(_tiny.linear()))


_HOOKS = ("on_step_begin", "on_substep_end", "on_pre_optimizer_step", "on_optimizer_step", "on_step_end")


class _Probe(transformers.TrainerCallback):
    """Records, at each hook, the gradients and weights of the model the Trainer passes it."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, list, list, object, object]] = []

    def _record(self, hook, model, optimizer) -> None:
        self.seen.append((hook, _tiny.grads(model.net), _tiny.weights(model.net), model, optimizer))


for _hook in _HOOKS:
    setattr(_Probe, _hook, lambda self, args, state, control, model=None, optimizer=None, _h=_hook, **kw: self._record(_h, model, optimizer))


def _train_with(tmp_path, callbacks, trainer_class=None, **extra):
    trainer_class = trainer_class or _recording(transformers.Trainer)
    trainer = trainer_class(model=Regressor(), args=_args(tmp_path, **extra), train_dataset=_dataset(), callbacks=callbacks)
    trainer.train()
    return trainer


def test_callback_hooks_run_around_the_optimizer_step(tmp_path) -> None:
    """transformers 5.24.0's order at each window's end: clip (max_grad_norm), on_pre_optimizer_step,
    optimizer.step(), on_optimizer_step, scheduler, model.zero_grad(), on_step_end; on_substep_end
    after a micro-batch that ends no window; every hook gets the Trainer's model and optimizer."""
    probe = _Probe()
    trainer = _train_with(tmp_path / "a", [probe])
    assert [hook for hook, *_ in probe.seen] == list(_HOOKS) * 3  # 6 micro-batches, windows of 2
    assert all(model is trainer.model and optimizer is trainer.optimizer for *_, model, optimizer in probe.seen)
    initial = _tiny.weights(_tiny.linear())
    for window in range(3):
        begin, substep, pre, post, end = probe.seen[window * 5 : window * 5 + 5]
        assert all(g is None for g in begin[1])  # cleared before the window's first backward
        assert all(g is not None for g in substep[1])  # a partial sum, not yet stepped
        assert _tiny.same(pre[1], post[1]) and all(g is not None for g in pre[1])  # the step's gradients
        assert _tiny.same(pre[2], initial if window == 0 else probe.seen[window * 5 - 1][2])  # not yet stepped
        assert not _tiny.same(post[2], pre[2])  # stepped
        assert all(g is None for g in end[1]) and _tiny.same(end[2], post[2])  # cleared after the step
    # with max_grad_norm the Trainer clips before on_pre_optimizer_step
    clipped = _Probe()
    _train_with(tmp_path / "b", [clipped], max_grad_norm=1e-3)
    norms = [torch.linalg.vector_norm(torch.stack([g.norm() for g in grads])) for hook, grads, *_ in clipped.seen if hook == "on_pre_optimizer_step"]
    assert len(norms) == 3 and all(n <= 1e-3 * (1 + 1e-5) for n in norms)


class _ClipAfterTheStep(transformers.TrainerCallback):
    def on_optimizer_step(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)


class _ClipBeforeTheStep(transformers.TrainerCallback):
    def on_pre_optimizer_step(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)


def _hand_clipped(seen, divisor: float, max_norm: float, window: int = GAS) -> torch.nn.Module:
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, batch in enumerate(seen):
        (_tiny.mse(model, batch) / divisor).backward()
        if (i + 1) % window == 0 or i + 1 == len(seen):
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
            opt.step()
            opt.zero_grad()
    return model


def test_clip_in_the_optimizer_step_hook_changes_no_step(tmp_path) -> None:
    """A callback clipping in on_optimizer_step clips gradients the step already used (and the
    Trainer then clears): training is that of no clip (GF010). In on_pre_optimizer_step, the
    hook GF010's fix renames it to (the same parameters), the clip reaches the step."""
    from gradfix.runner import Options, process_source

    plain = _train_with(tmp_path / "plain", [])
    after = _train_with(tmp_path / "after", [_ClipAfterTheStep()])
    assert _tiny.same(_tiny.weights(after.model.net), _tiny.weights(plain.model.net))
    assert _tiny.same(_tiny.weights(after.model.net), _tiny.weights(_hand(after.seen, GAS)))
    before = _train_with(tmp_path / "before", [_ClipBeforeTheStep()])
    assert not _tiny.same(_tiny.weights(before.model.net), _tiny.weights(plain.model.net))
    assert _tiny.same(_tiny.weights(before.model.net), _tiny.weights(_hand_clipped(before.seen, GAS, 0.01)))

    code = (
        "import torch\nfrom transformers import TrainerCallback\n\n\n"
        "class ClipCallback(TrainerCallback):\n"
        "    def on_optimizer_step(self, args, state, control, model=None, **kwargs):\n"
        "        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)\n"
    )
    result = process_source("callbacks.py", code.encode(), Options(select=frozenset({"GF010"}), fix=True))
    assert [d.code for d in result.diagnostics] == ["GF010"] and result.fixed is not None
    namespace: dict[str, object] = {}
    exec(compile(result.fixed.decode(), "callbacks.py", "exec"), namespace)
    fixed = _train_with(tmp_path / "fixed", [namespace["ClipCallback"]()])
    assert _tiny.same(_tiny.weights(fixed.model.net), _tiny.weights(before.model.net))


class _ClearsTheModel(transformers.TrainerCallback):
    def on_pre_optimizer_step(self, args, state, control, model=None, **kwargs):
        model.zero_grad()


class _ClearsTheOptimizer(transformers.TrainerCallback):
    def on_pre_optimizer_step(self, args, state, control, **kwargs):
        kwargs["optimizer"].zero_grad()


class _ClearsAfterTheStep(transformers.TrainerCallback):
    def on_step_end(self, args, state, control, model=None, **kwargs):
        model.zero_grad()


def test_clear_in_the_pre_optimizer_step_hook_wipes_the_step(tmp_path) -> None:
    """A clear in on_pre_optimizer_step (the hook's model=, its optimizer=) runs after the window's
    backward passes and before optimizer.step(): the step finds no gradient and SGD leaves the
    weights as they were (GF002). The same clear in on_step_end (after the Trainer's own clear)
    changes nothing."""
    initial = _tiny.weights(_tiny.linear())
    for callback in (_ClearsTheModel(), _ClearsTheOptimizer()):
        wiped = _train_with(tmp_path / type(callback).__name__, [callback])
        assert len(wiped.seen) == 6 and _tiny.same(_tiny.weights(wiped.model.net), initial, exact=True)
    after = _train_with(tmp_path / "after", [_ClearsAfterTheStep()])
    assert _tiny.same(_tiny.weights(after.model.net), _tiny.weights(_hand(after.seen, GAS)))


class _CountingRegressor(torch.nn.Module):
    """forward(x, labels, **kwargs): the Trainer counts loss items and passes num_items_in_batch,
    and the loss is the squared error summed over the batch divided by it (a mean over the window)."""

    def __init__(self) -> None:
        super().__init__()
        self.net = _tiny.linear()

    def forward(self, x, labels, num_items_in_batch=None, **kwargs):
        error = ((self.net(x) - labels) ** 2).sum()
        return {"loss": error / (num_items_in_batch if num_items_in_batch is not None else labels.numel())}


def test_training_step_override_without_num_items_is_undivided_for_a_loss_kwargs_model(tmp_path) -> None:
    """The base training_step leaves the loss undivided when the model accepts loss kwargs and the
    Trainer counted the window's items: the model divides by that count. An override calling
    self.compute_loss(model, inputs) without num_items_in_batch gets the micro-batch mean, and
    self.accelerator.backward divides by 1: gradients GAS times too large (GF005) unless it divides
    by the count itself; passing num_items_in_batch on needs no division."""

    def override(passes: bool, divide: bool):
        class Override(_recording(transformers.Trainer)):
            def training_step(self, model, inputs, num_items_in_batch=None):
                model.train()
                loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch if passes else None)
                if divide:
                    loss = loss / self.args.gradient_accumulation_steps
                self.accelerator.backward(loss)
                return loss.detach()

        return Override

    def run(trainer_class, where):
        trainer = trainer_class(model=_CountingRegressor(), args=_args(tmp_path / where), train_dataset=_dataset())
        trainer.train()
        assert trainer.model_accepts_loss_kwargs
        return trainer

    base = run(_recording(transformers.Trainer), "base")
    assert _tiny.same(_tiny.weights(base.model.net), _tiny.weights(_hand(base.seen, GAS)))
    undivided = run(override(False, False), "undivided")
    assert _tiny.same(_tiny.weights(undivided.model.net), _tiny.weights(_hand(undivided.seen, 1)))
    divided = run(override(False, True), "divided")
    assert _tiny.same(_tiny.weights(divided.model.net), _tiny.weights(_hand(divided.seen, GAS)))
    passed = run(override(True, False), "passed")
    assert _tiny.same(_tiny.weights(passed.model.net), _tiny.weights(_hand(passed.seen, GAS)))


class _ClearsAtSubstepEnd(transformers.TrainerCallback):
    def on_substep_end(self, args, state, control, model=None, **kwargs):
        model.zero_grad()


class _ClearsTheOptimizerAtSubstepEnd(transformers.TrainerCallback):
    def on_substep_end(self, args, state, control, optimizer=None, **kwargs):
        optimizer.zero_grad()


class _ClipsAtSubstepEnd(transformers.TrainerCallback):
    def on_substep_end(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)


def _hand_per_micro_batch(seen, divisor: float, action, window: int = GAS) -> torch.nn.Module:
    """The hand loop with `action(model, opt)` after every micro-batch that ends no window."""
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, batch in enumerate(seen):
        (_tiny.mse(model, batch) / divisor).backward()
        if (i + 1) % window == 0 or i + 1 == len(seen):
            opt.step()
            opt.zero_grad()
        else:
            action(model, opt)
    return model


def test_clear_in_the_substep_end_hook_wipes_the_windows_earlier_micro_batches(tmp_path) -> None:
    """on_substep_end runs after each micro-batch's backward that ends no window (never with
    gradient_accumulation_steps=1). A clear of the hook's model= there wipes what the window's
    earlier micro-batches added: each step applies its last micro-batch only, divided by the
    accumulation count, like a hand loop clearing every micro-batch (GF011). The hook's
    optimizer= is Accelerate's AcceleratedOptimizer, whose zero_grad does nothing while the
    Trainer has set sync_gradients False (every micro-batch but a window's last): its clear there
    changes nothing, and the Trainer trains like the hand loop accumulating the whole window."""
    wiped = _train_with(tmp_path / "model", [_ClearsAtSubstepEnd()])
    assert len(wiped.seen) == 6
    clearing = _hand_per_micro_batch(wiped.seen, GAS, lambda model, opt: opt.zero_grad())
    assert _tiny.same(_tiny.weights(wiped.model.net), _tiny.weights(clearing))
    assert not _tiny.same(_tiny.weights(wiped.model.net), _tiny.weights(_hand(wiped.seen, GAS)))
    kept = _train_with(tmp_path / "optimizer", [_ClearsTheOptimizerAtSubstepEnd()])
    assert type(kept.optimizer).__name__ == "AcceleratedOptimizer"
    assert _tiny.same(_tiny.weights(kept.model.net), _tiny.weights(_hand(kept.seen, GAS)))
    once = _train_with(tmp_path / "once", [_ClearsAtSubstepEnd()], gradient_accumulation_steps=1)
    assert _tiny.same(_tiny.weights(once.model.net), _tiny.weights(_hand(once.seen, 1, window=1)))  # never called


def test_clip_in_the_substep_end_hook_clips_partial_sums(tmp_path) -> None:
    """A clip in on_substep_end clips the window's partial sum after each of its micro-batches
    but the last, and the last one's gradient is then added unclipped: training is that of a hand
    loop clipping there, neither no clip nor the clip before the step (GF010). Renamed
    on_pre_optimizer_step (GF010's unsafe fix) it clips the step's whole gradient."""
    from gradfix.runner import Options, process_source

    clipped = _train_with(tmp_path / "sub", [_ClipsAtSubstepEnd()])
    partial = _hand_per_micro_batch(
        clipped.seen, GAS, lambda model, opt: torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)
    )
    assert _tiny.same(_tiny.weights(clipped.model.net), _tiny.weights(partial))
    assert not _tiny.same(_tiny.weights(clipped.model.net), _tiny.weights(_hand(clipped.seen, GAS)))
    assert not _tiny.same(_tiny.weights(clipped.model.net), _tiny.weights(_hand_clipped(clipped.seen, GAS, 0.01)))

    code = (
        "import torch\nfrom transformers import TrainerCallback\n\n\n"
        "class ClipCallback(TrainerCallback):\n"
        "    def on_substep_end(self, args, state, control, model=None, **kwargs):\n"
        "        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)\n\n"
        "    def on_optimizer_step(self, args, state, control, **kwargs):\n"
        "        print(state.global_step)\n"
    )  # (a module clipping only in on_substep_end does not pass the prefilter: no `_step(`)
    result = process_source("callbacks.py", code.encode(), Options(select=frozenset({"GF010"}), fix=True, unsafe_fixes=True))
    assert [d.code for d in result.diagnostics] == ["GF010"] and result.fixed is not None
    assert b"def on_pre_optimizer_step(" in result.fixed
    namespace: dict[str, object] = {}
    exec(compile(result.fixed.decode(), "callbacks.py", "exec"), namespace)
    fixed = _train_with(tmp_path / "fixed", [namespace["ClipCallback"]()])
    assert _tiny.same(_tiny.weights(fixed.model.net), _tiny.weights(_hand_clipped(fixed.seen, GAS, 0.01)))


def test_scheduler_handed_in_optimizers_steps_after_every_optimizer_step(tmp_path) -> None:
    """`Trainer(..., optimizers=(opt, sched))` keeps the scheduler as its `lr_scheduler` and
    steps it after every optimizer step (not once per epoch): a `StepLR(step_size=2)` meant as
    2 epochs (of 3 optimizer steps here) halves the rate every 2 optimizer steps, already within
    the first epoch (GF020)."""

    def rates(step_size: int) -> list[float]:
        model = Regressor()
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=step_size, gamma=0.5)
        seen: list[float] = []

        class Rates(transformers.TrainerCallback):
            def on_step_begin(self, args, state, control, **kwargs):
                seen.append(opt.param_groups[0]["lr"])

        transformers.Trainer(
            model=model, args=_args(tmp_path, num_train_epochs=2), train_dataset=_dataset(12),
            optimizers=(opt, sched), callbacks=[Rates()],
        ).train()
        return seen

    # 12 rows, batches of 2, windows of GAS=2 micro-batches: 3 optimizer steps per epoch
    assert rates(2) == [0.1, 0.1, 0.05, 0.05, 0.025, 0.025]


def test_clear_after_the_base_training_step_wipes_the_step(tmp_path) -> None:
    """A `training_step` override calling `super().training_step(...)` (the Trainer's own
    forward, division and backward) and then `model.zero_grad()`: the Trainer steps right after
    the override returns at each window's last micro-batch, so every step finds no gradient and
    plain SGD leaves the weights as they were (GF002; the fix removes the clear)."""

    class Clearing(transformers.Trainer):
        def training_step(self, model, inputs, num_items_in_batch=None):
            loss = super().training_step(model, inputs, num_items_in_batch)
            model.zero_grad()
            return loss

    model = Regressor()
    before = _tiny.weights(model.net)
    Clearing(model=model, args=_args(tmp_path), train_dataset=_dataset()).train()
    assert _tiny.same(_tiny.weights(model.net), before, exact=True)
    trained = Regressor()
    transformers.Trainer(model=trained, args=_args(tmp_path), train_dataset=_dataset()).train()
    assert not _tiny.same(_tiny.weights(trained.net), before)
