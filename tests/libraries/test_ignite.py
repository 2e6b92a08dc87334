"""Proofs for gradfix/libraries/ignite.py, run against the installed pytorch-ignite on the CPU."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
ignite = pytest.importorskip("ignite")

from ignite.engine import Engine, Events, create_supervised_trainer  # noqa: E402

from . import _tiny  # noqa: E402

pytestmark = pytest.mark.xdist_group("ignite")


def _hand(data, clear: bool, accumulation: int = 1) -> torch.nn.Module:
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, batch in enumerate(data):
        if clear and i % accumulation == 0:
            opt.zero_grad()
        (_tiny.mse(model, batch) / accumulation).backward()
        if (i + 1) % accumulation == 0:
            opt.step()
    return model


def test_engine_calls_the_update_function_once_per_batch() -> None:
    data = _tiny.batches(5)
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    calls = []

    def update(engine, batch):  # a user update function that never clears
        calls.append(engine.state.iteration)
        _tiny.mse(model, batch).backward()
        opt.step()

    Engine(update).run(data, max_epochs=1)
    assert calls == [1, 2, 3, 4, 5]
    # nothing around the function clears: it trains like a torch loop without zero_grad (GF001)
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand(data, clear=False)))


def test_iteration_completed_handler_runs_after_each_update() -> None:
    data = _tiny.batches(4)
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = Engine(lambda engine, batch: (_tiny.mse(model, batch).backward(), opt.step()))

    @trainer.on(Events.ITERATION_COMPLETED)
    def clear(engine):
        opt.zero_grad()

    trainer.run(data, max_epochs=1)
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand(data, clear=True)))


def test_create_supervised_trainer_clears_by_itself() -> None:
    data = _tiny.batches(5)
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    create_supervised_trainer(model, opt, torch.nn.functional.mse_loss).run(data, max_epochs=1)
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand(data, clear=True)))


def test_create_supervised_trainer_accumulates_and_divides() -> None:
    data = _tiny.batches(6)
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_supervised_trainer(model, opt, torch.nn.functional.mse_loss, gradient_accumulation_steps=3)
    trainer.run(data, max_epochs=1)
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand(data, clear=True, accumulation=3)))


def test_supervised_training_step_divides_the_loss_function_s_value() -> None:
    """The update function `supervised_training_step(..., gradient_accumulation_steps=3)` builds
    (what create_supervised_trainer runs) divides the loss function's value by 3 itself: a loss
    function that divides by 3 again trains otherwise (GF016)."""
    from ignite.engine import supervised_training_step

    data = _tiny.batches(6)
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    Engine(supervised_training_step(model, opt, torch.nn.functional.mse_loss, gradient_accumulation_steps=3)).run(data, max_epochs=1)
    hand = _tiny.weights(_hand(data, clear=True, accumulation=3))
    assert _tiny.same(_tiny.weights(model), hand)
    twice = _tiny.linear()
    opt = torch.optim.SGD(twice.parameters(), lr=0.1)
    update = supervised_training_step(twice, opt, lambda out, y: torch.nn.functional.mse_loss(out, y) / 3, gradient_accumulation_steps=3)
    Engine(update).run(data, max_epochs=1)
    assert not _tiny.same(_tiny.weights(twice), hand)


def test_supervised_training_step_fix_trains_like_the_hand_fix() -> None:
    """A lambda handed to `supervised_training_step(..., gradient_accumulation_steps=ACCUM)`
    that divides by ACCUM again (GF016): the fix drops its division, and the fixed fixture,
    run with Ignite, trains like a torch loop dividing once by the window (iterations counted
    across epochs); the buggy one does not."""
    from pathlib import Path

    from gradfix.runner import Options, process_source

    fixture = (
        Path(__file__).parent.parent / "before_after" / "GF016_double_scaled_accumulation"
        / "ignite_update_function_from_supervised_training_step_divides.before.py"
    )
    before = fixture.read_text()
    result = process_source(str(fixture), before.encode(), Options(select=frozenset({"GF016"}), fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    generator = torch.Generator().manual_seed(0)
    batches = [(torch.randn(5, 3, generator=generator), torch.randint(0, 2, (5,), generator=generator)) for _ in range(6)]

    def run(code: str) -> list[torch.Tensor]:
        torch.manual_seed(0)
        net = torch.nn.Linear(3, 2)
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        namespace["fit"](net, batches, 2)
        return _tiny.weights(net)

    def hand() -> list[torch.Tensor]:
        torch.manual_seed(0)
        net = torch.nn.Linear(3, 2)
        opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
        for i, (x, y) in enumerate(batches * 2):
            if i % 4 == 0:
                opt.zero_grad()
            (torch.nn.functional.cross_entropy(net(x), y) / 4).backward()
            if (i + 1) % 4 == 0:
                opt.step()
        return _tiny.weights(net)

    expected = hand()
    assert _tiny.same(run(fixed), expected)
    assert not _tiny.same(run(before), expected)


def test_auto_optim_may_hand_back_horovods_optimizer() -> None:
    """`idist.auto_optim` as installed: without a distributed backend it hands the optimizer
    back as it is, and under the horovod backend it wraps it in horovod's DistributedOptimizer
    (whose `zero_grad(self)` takes no argument: tests/libraries/test_horovod.py), so the table
    says the optimizer it returns may refuse `set_to_none`."""
    import inspect

    import ignite.distributed as idist
    from ignite.distributed import auto

    from gradfix import libraries

    entry = libraries.optimizer_class("ignite.distributed.auto_optim")
    assert entry is not None and entry.clear_keywords == ()
    assert libraries.optimizer_class("ignite.distributed.auto.auto_optim") is entry
    assert idist.auto_optim is auto.auto_optim
    model = _tiny.linear()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    assert idist.auto_optim(optimizer) is optimizer  # no distributed backend here
    source = inspect.getsource(auto.auto_optim)
    assert "hvd.DistributedOptimizer(" in source and "HOROVOD" in source


def test_epoch_completed_handler_mode_carries_into_the_next_epoch() -> None:
    data = _tiny.batches(3)
    model = torch.nn.Sequential(_tiny.linear(), torch.nn.Dropout(0.5))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    modes: list[bool] = []

    def update(engine, batch):  # sets no mode
        modes.append(model.training)
        opt.zero_grad()
        _tiny.mse(model, batch).backward()
        opt.step()

    trainer = Engine(update)

    @trainer.on(Events.EPOCH_COMPLETED)
    def evaluate(engine):
        model.eval()

    model.train()
    trainer.run(data, max_epochs=2)
    # the engine switches no mode between epochs: the second epoch trains in eval mode (GF017)
    assert modes == [True, True, True, False, False, False]


def test_run_defaults_to_one_epoch() -> None:
    epochs: list[int] = []
    trainer = Engine(lambda engine, batch: None)

    @trainer.on(Events.EPOCH_COMPLETED)
    def seen(engine):
        epochs.append(engine.state.epoch)

    trainer.run(_tiny.batches(2))
    # without max_epochs one epoch runs: an EPOCH_COMPLETED handler's eval() reaches no training
    assert epochs == [1]


def test_iteration_started_handler_schedules_before_the_update() -> None:
    """A scheduler stepped by an ITERATION_STARTED handler runs before the process function's
    `optimizer.step()` (GF012): the first learning rate is never used. GF012's fix hands the
    handler to ITERATION_COMPLETED; it trains like a torch loop stepping the scheduler after the
    optimizer."""
    from pathlib import Path

    from gradfix.runner import Options, process_source

    fixture = (
        Path(__file__).parent.parent / "before_after" / "GF012_scheduler_before_optimizer"
        / "ignite_scheduler_stepped_in_an_iteration_started_handler.before.py"
    )
    before = fixture.read_text()
    result = process_source(str(fixture), before.encode(), Options(select=frozenset({"GF012"}), fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    data = _tiny.batches(6, features=3)

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        namespace["net"].load_state_dict(_tiny.linear().state_dict())
        namespace["engine_loop"].run(data, max_epochs=2)
        return _tiny.weights(namespace["net"])

    def hand() -> list[torch.Tensor]:
        net = _tiny.linear()
        opt = torch.optim.Adam(net.parameters(), lr=1e-3)
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.95)
        for _ in range(2):
            for inputs, targets in data:
                opt.zero_grad()
                torch.nn.functional.l1_loss(net(inputs), targets).backward()
                opt.step()
                sched.step()
        return _tiny.weights(net)

    assert "Events.ITERATION_COMPLETED" in fixed and "ITERATION_STARTED" not in fixed
    want = hand()
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)  # the bug trains otherwise


def test_every_n_handler_steps_a_window_of_full_losses() -> None:
    """A process function that only backpropagates and an `ITERATION_COMPLETED(every=4)` handler
    that steps and clears: each step applies the sum of four full losses' gradients (GF005).
    The fix divides the loss by 4 and trains like a torch accumulation loop dividing by 4."""
    from pathlib import Path

    from gradfix.runner import Options, process_source

    fixture = (
        Path(__file__).parent.parent / "before_after" / "GF005_unscaled_accumulation"
        / "ignite_window_stepped_by_an_every_n_handler.before.py"
    )
    before = fixture.read_text()
    result = process_source(str(fixture), before.encode(), Options(select=frozenset({"GF005"}), fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    data = _tiny.batches(8)

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        namespace["net"].load_state_dict(_tiny.linear().state_dict())
        namespace["engine_loop"].run(data, max_epochs=2)
        return _tiny.weights(namespace["net"])

    want = _tiny.weights(_hand(data * 2, clear=True, accumulation=4))
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)  # the bug trains otherwise


def test_event_filter_handler_gets_the_iteration_and_steps_a_window_of_full_losses() -> None:
    """`Events.ITERATION_COMPLETED(event_filter=f)`: Ignite calls `f(engine, count)` with the
    iteration, from 1 and across epochs, so `count % N == 0` is `every=N` (the same handler
    calls). A process function that only backpropagates under such a handler sums N full
    losses per step (GF005); the fix divides by N and trains like a torch loop dividing by N."""
    from pathlib import Path

    from gradfix.runner import Options, process_source

    seen, filtered, every = [], [], []
    data = _tiny.batches(3)
    probe = Engine(lambda engine, batch: None)

    @probe.on(Events.ITERATION_COMPLETED(event_filter=lambda engine, count: seen.append(count) or count % 2 == 0))
    def by_filter(engine):
        filtered.append(engine.state.iteration)

    @probe.on(Events.ITERATION_COMPLETED(every=2))
    def by_every(engine):
        every.append(engine.state.iteration)

    probe.run(data, max_epochs=2)
    assert seen == [1, 2, 3, 4, 5, 6]
    assert filtered == every == [2, 4, 6]

    fixture = (
        Path(__file__).parent.parent / "before_after" / "GF005_unscaled_accumulation"
        / "ignite_window_stepped_by_an_event_filter_handler.before.py"
    )
    before = fixture.read_text()
    result = process_source(str(fixture), before.encode(), Options(select=frozenset({"GF005"}), fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    rows = [(torch.randn(4, 6), torch.randn(4, 2)) for _ in range(8)]

    def run(code: str) -> list[torch.Tensor]:
        namespace: dict = {}
        exec(compile(code, "train.py", "exec"), namespace)
        torch.manual_seed(1)
        namespace["regressor"].load_state_dict(torch.nn.Linear(6, 2).state_dict())
        namespace["fit_engine"].run(rows, max_epochs=2)
        return _tiny.weights(namespace["regressor"])

    torch.manual_seed(1)
    hand_model = torch.nn.Linear(6, 2)
    hand_opt = torch.optim.SGD(hand_model.parameters(), lr=0.05, momentum=0.9)
    for i, (x, y) in enumerate(rows * 2):
        (torch.nn.functional.smooth_l1_loss(hand_model(x), y) / 4).backward()
        if (i + 1) % 4 == 0:
            hand_opt.step()
            hand_opt.zero_grad(set_to_none=True)
    want = _tiny.weights(hand_model)
    assert _tiny.same(run(fixed), want)
    assert not _tiny.same(run(before), want)  # the bug trains otherwise


def test_builder_output_transform_hands_on_the_loss_with_its_graph() -> None:
    """`output_transform=lambda x, y, y_pred, loss: loss` (the default is `loss.item()`): the
    engine's output is a tensor of the backpropagated loss (`loss * gradient_accumulation_steps`),
    graph and all, with or without accumulation (GF009 when a handler keeps it)."""
    for steps in (1, 2):
        model = _tiny.linear()
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        trainer = create_supervised_trainer(
            model, opt, torch.nn.functional.mse_loss, gradient_accumulation_steps=steps,
            output_transform=lambda x, y, y_pred, loss: loss,
        )
        kept = []
        trainer.add_event_handler(Events.ITERATION_COMPLETED, lambda engine: kept.append(engine.state.output))
        trainer.run(_tiny.batches(4), max_epochs=1)
        assert len(kept) == 4 and all(isinstance(k, torch.Tensor) and k.grad_fn is not None for k in kept)
        default = create_supervised_trainer(model, opt, torch.nn.functional.mse_loss)
        numbers = []
        default.add_event_handler(Events.ITERATION_COMPLETED, lambda engine: numbers.append(engine.state.output))
        default.run(_tiny.batches(2), max_epochs=1)
        assert all(isinstance(n, float) for n in numbers)


def test_state_output_is_the_tensor_the_update_returns() -> None:
    data = _tiny.batches(3)
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    returned, kept = [], []

    def update(engine, batch):
        opt.zero_grad()
        loss = _tiny.mse(model, batch)
        loss.backward()
        opt.step()
        returned.append(loss)
        return loss

    trainer = Engine(update)

    @trainer.on(Events.ITERATION_COMPLETED)
    def keep(engine):
        kept.append(engine.state.output)

    trainer.run(data, max_epochs=1)
    # the very tensor the update returned, graph and all (GF009: a list of them keeps every step's graph)
    assert len(kept) == 3 and all(k is r for k, r in zip(kept, returned))
    assert all(k.grad_fn is not None for k in kept)


def test_supervised_trainer_feeds_the_model_output_to_the_loss_unchanged() -> None:
    data = [(torch.randn(4, 3), torch.randint(0, 2, (4,))) for _ in range(3)]
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Softmax(dim=1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    seen: list = []

    def loss_fn(y_pred, y):
        seen.append(y_pred.detach().clone())
        return torch.nn.functional.cross_entropy(y_pred, y)

    create_supervised_trainer(model, opt, loss_fn).run(data, max_epochs=1)
    # the loss receives the model's last layer's output: probabilities (rows sum to 1), so a
    # cross-entropy applies its log-softmax to a softmax (GF018)
    assert len(seen) == 3
    for y_pred in seen:
        assert torch.allclose(y_pred.sum(dim=1), torch.ones(4))
    # trained so, the weights differ from a trainer over the same model without the softmax
    plain = torch.nn.Sequential(torch.nn.Linear(3, 2))
    again = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Softmax(dim=1))
    plain[0].load_state_dict(again[0].state_dict())
    opt_a = torch.optim.SGD(again.parameters(), lr=0.1)
    opt_p = torch.optim.SGD(plain.parameters(), lr=0.1)
    create_supervised_trainer(again, opt_a, torch.nn.CrossEntropyLoss()).run(data, max_epochs=1)
    create_supervised_trainer(plain, opt_p, torch.nn.CrossEntropyLoss()).run(data, max_epochs=1)
    assert not torch.allclose(again[0].weight, plain[0].weight)


def test_supervised_evaluator_leaves_the_model_in_eval_mode() -> None:
    from ignite.engine import create_supervised_evaluator

    data = _tiny.batches(3)
    model = torch.nn.Sequential(_tiny.linear(), torch.nn.Dropout(0.5))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    evaluator = create_supervised_evaluator(model)
    modes: list[bool] = []

    def update(engine, batch):  # sets no mode
        modes.append(model.training)
        opt.zero_grad()
        _tiny.mse(model, batch).backward()
        opt.step()

    trainer = Engine(update)

    @trainer.on(Events.EPOCH_COMPLETED)
    def evaluate(engine):
        evaluator.run(data)

    model.train()
    trainer.run(data, max_epochs=2)
    # the evaluator's step switches the model to eval mode and nothing switches back (GF017)
    assert modes == [True, True, True, False, False, False]
    assert not model.training

    # create_supervised_trainer's own step switches back at every batch: no bug beside it
    model.train()
    supervised = create_supervised_trainer(model, opt, torch.nn.functional.mse_loss)
    seen: list[bool] = []
    supervised.add_event_handler(Events.ITERATION_STARTED, lambda engine: seen.append(model.training))
    supervised.add_event_handler(Events.EPOCH_COMPLETED, lambda engine: evaluator.run(data))
    checked: list[bool] = []
    supervised.add_event_handler(Events.ITERATION_COMPLETED, lambda engine: checked.append(model.training))
    supervised.run(data, max_epochs=2)
    # before the epoch's first step: as the evaluator left it; the step then switches back
    assert seen == [True, True, True, False, True, True]
    assert checked == [True] * 6  # the step itself ran in train mode


def test_state_iteration_counts_from_one_across_epochs() -> None:
    """`engine.state.iteration`, as the process function reads it, is 1 at the first batch and
    goes on counting across epochs (never reset): `(engine.state.iteration + 1) % N == 0` closes
    a first window of N - 1 batches (GF015), `engine.state.iteration % N == 0` full ones."""
    seen: list[tuple[int, int]] = []

    def update(engine, batch):
        seen.append((engine.state.epoch, engine.state.iteration))

    Engine(update).run(_tiny.batches(4), max_epochs=2)
    assert seen == [(1, 1), (1, 2), (1, 3), (1, 4), (2, 5), (2, 6), (2, 7), (2, 8)]
    early = [i for _, i in seen if (i + 1) % 3 == 0]
    full = [i for _, i in seen if i % 3 == 0]
    assert early[0] == 2 and full[0] == 3  # the first window: 2 batches against 3


def test_engine_calls_a_callable_object_once_per_batch() -> None:
    """An object handed to `Engine(...)` is the process function: Ignite calls the object, so
    its class's `__call__(self, engine, batch)` runs once per batch with the engine (whose
    `state.iteration` counts from 1 across epochs) and clears nothing around it: read as a
    step function like a plain function handed to `Engine` (GF001, GF002, GF015...)."""
    data = _tiny.batches(4)
    model = _tiny.linear()
    seen: list[tuple[int, int]] = []

    class Update:
        def __init__(self, net, optimizer):
            self.net = net
            self.optimizer = optimizer

        def __call__(self, engine, batch):  # never clears
            seen.append((engine.state.epoch, engine.state.iteration))
            _tiny.mse(self.net, batch).backward()
            self.optimizer.step()

    Engine(Update(model, torch.optim.SGD(model.parameters(), lr=0.1))).run(data, max_epochs=2)
    assert seen == [(1, 1), (1, 2), (1, 3), (1, 4), (2, 5), (2, 6), (2, 7), (2, 8)]
    assert _tiny.same(_tiny.weights(model), _tiny.weights(_hand(data * 2, clear=False)))


def test_every_n_clip_handler_runs_after_the_windowed_step() -> None:
    """An own `update(engine, batch)` stepping and clearing under `if
    engine.state.iteration % 3 == 0:` and a clip handler on `ITERATION_COMPLETED(every=3)`:
    Ignite fires the filtered event right after the updates whose iteration is a multiple of 3,
    after their step and clear, so the clip changes no update (GF010); the same clip in the
    update, before the step, does."""
    data = _tiny.batches(9)

    def run(where: str | None) -> list[torch.Tensor]:
        model = _tiny.linear()
        opt = torch.optim.SGD(model.parameters(), lr=0.1)

        def update(engine, batch):
            (_tiny.mse(model, batch) / 3).backward()
            if engine.state.iteration % 3 == 0:
                if where == "update":
                    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)
                opt.step()
                opt.zero_grad()

        trainer = Engine(update)
        if where == "handler":
            trainer.add_event_handler(
                Events.ITERATION_COMPLETED(every=3), lambda engine: torch.nn.utils.clip_grad_norm_(model.parameters(), 0.01)
            )
        trainer.run(data, max_epochs=1)
        return _tiny.weights(model)

    plain = run(None)
    assert _tiny.same(run("handler"), plain, exact=True)
    assert not _tiny.same(run("update"), plain)


def test_param_scheduler_handlers_touch_no_gradients() -> None:
    """Ignite's parameter-scheduler handlers (create_lr_scheduler_with_warmup, LRScheduler,
    PiecewiseLinear, CosineAnnealingScheduler, LinearCyclicalScheduler), each bound to a name
    and registered on ITERATION_STARTED of an engine whose update only backpropagates, change
    the learning rate and nothing else: the gradients add up over every batch as with no
    handler, the weights never move."""
    from ignite.handlers import (
        CosineAnnealingScheduler,
        LinearCyclicalScheduler,
        LRScheduler,
        PiecewiseLinear,
        create_lr_scheduler_with_warmup,
    )

    data = _tiny.batches(5)
    builders = (
        lambda opt: create_lr_scheduler_with_warmup(
            torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9), warmup_start_value=0.01, warmup_duration=2
        ),
        lambda opt: LRScheduler(torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)),
        lambda opt: PiecewiseLinear(opt, "lr", milestones_values=[(0, 0.2), (4, 0.01)]),
        lambda opt: CosineAnnealingScheduler(opt, "lr", start_value=0.2, end_value=0.01, cycle_size=4),
        lambda opt: LinearCyclicalScheduler(opt, "lr", start_value=0.2, end_value=0.01, cycle_size=4),
    )
    plain = _tiny.linear()
    for batch in data:
        _tiny.mse(plain, batch).backward()
    for build in builders:
        model = _tiny.linear()
        before = _tiny.weights(model)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        trainer = Engine(lambda engine, batch: _tiny.mse(model, batch).backward())
        handler = build(opt)
        trainer.add_event_handler(Events.ITERATION_STARTED, handler)
        trainer.run(data, max_epochs=1)
        assert opt.param_groups[0]["lr"] != 0.1  # the handler ran
        assert _tiny.same(_tiny.weights(model), before)
        assert _tiny.same(_tiny.grads(model), _tiny.grads(plain))
