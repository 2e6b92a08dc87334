"""PyTorch-Ignite: engines that call a training function once per batch.

Read from the installed pytorch-ignite 0.5.5 wheel and proven by tests/libraries/test_ignite.py.
"""

from __future__ import annotations

from .schema import AccumulationSetting, Constructor, Effect, FrameworkClass, Library, Method, OptimizerClass

VERSION = "0.5.5"
_SRC = f"pytorch-ignite {VERSION}: ignite/"
_PROOF = "tests/libraries/test_ignite.py::"

SUPERVISED_ACCUMULATION = AccumulationSetting(
    name="gradient_accumulation_steps",
    keywords=("gradient_accumulation_steps",),
    default=1,
    note=(
        "create_supervised_trainer's (and supervised_training_step's) own keyword; the update it builds "
        "divides, clears and steps by it"
    ),
)

CONSTRUCTORS = (
    Constructor(
        qualname="ignite.engine.Engine",
        aliases=("ignite.engine.engine.Engine",),
        kind="ignite-engine",
        source=_SRC + "engine/engine.py Engine.__init__ / _run_once_on_dataset_as_gen",
        proof=_PROOF + "test_engine_calls_the_update_function_once_per_batch",
        note=(
            "Engine(process_function): process_function(engine, batch) is called once per batch and is one "
            "training iteration; the engine itself never clears, steps or divides. Its body is a loop body "
            "for the loop model (a missing clear there is GF001). What it returns is kept as engine.state.output, "
            "the same object (a loss tensor with its graph) until the next iteration "
            "(test_state_output_is_the_tensor_the_update_returns)."
        ),
    ),
    Constructor(
        qualname="ignite.engine.create_supervised_trainer",
        aliases=("ignite.engine.__init__.create_supervised_trainer",),
        kind="ignite-engine",
        accumulation=SUPERVISED_ACCUMULATION,
        source=_SRC + "engine/__init__.py create_supervised_trainer / supervised_training_step",
        proof=_PROOF + "test_create_supervised_trainer_clears_by_itself",
        note=(
            "builds an Engine whose update clears (at the first micro-batch of each window), divides the loss "
            "by gradient_accumulation_steps when > 1, backpropagates and steps (at each window's last "
            "micro-batch; iterations count across epochs, so no tail is lost): never a finding "
            "(test_create_supervised_trainer_accumulates_and_divides). The amp variants use a GradScaler. "
            "Its update hands loss_fn (argument 2, or loss_fn=) the model's output unchanged when no "
            "model_transform= or model_fn= is given: a model ending in nn.Softmax trained with "
            "nn.CrossEntropyLoss() is GF018 (test_supervised_trainer_feeds_the_model_output_to_the_loss_unchanged). "
            "Its engine's output is output_transform(x, y, y_pred, loss * gradient_accumulation_steps): "
            "loss.item() by default, the loss tensor with its graph for `lambda x, y, y_pred, loss: loss` "
            "(GF009 when a handler keeps it: test_builder_output_transform_hands_on_the_loss_with_its_graph)"
        ),
    ),
    Constructor(
        qualname="ignite.engine.supervised_training_step",
        aliases=(
            "ignite.engine.__init__.supervised_training_step",
            "ignite.engine.supervised_training_step_amp",
            "ignite.engine.__init__.supervised_training_step_amp",
            "ignite.engine.supervised_training_step_apex",
            "ignite.engine.__init__.supervised_training_step_apex",
            "ignite.engine.supervised_training_step_tpu",
            "ignite.engine.__init__.supervised_training_step_tpu",
        ),
        kind=None,
        accumulation=SUPERVISED_ACCUMULATION,
        source=_SRC + "engine/__init__.py supervised_training_step (and its _amp, _apex, _tpu twins)",
        proof=_PROOF + "test_supervised_training_step_divides_the_loss_function_s_value",
        note=(
            "builds the update function create_supervised_trainer hands its Engine (not an object gradfix "
            "tracks): called as update(engine, batch), it clears, divides loss_fn's value (argument 2, or "
            "loss_fn=) by gradient_accumulation_steps when > 1, backpropagates and steps, as the trainer does "
            "(test_supervised_training_step_divides_the_loss_function_s_value); building it touches no gradient. "
            "A loss function dividing by the count again is GF016 "
            "(test_supervised_training_step_fix_trains_like_the_hand_fix)"
        ),
    ),
    Constructor(
        qualname="ignite.handlers.create_lr_scheduler_with_warmup",
        aliases=(
            "ignite.handlers.param_scheduler.create_lr_scheduler_with_warmup",
            "ignite.contrib.handlers.create_lr_scheduler_with_warmup",
            "ignite.handlers.LRScheduler",
            "ignite.handlers.param_scheduler.LRScheduler",
            "ignite.contrib.handlers.LRScheduler",
            "ignite.handlers.PiecewiseLinear",
            "ignite.handlers.param_scheduler.PiecewiseLinear",
            "ignite.contrib.handlers.PiecewiseLinear",
            "ignite.handlers.CosineAnnealingScheduler",
            "ignite.handlers.param_scheduler.CosineAnnealingScheduler",
            "ignite.contrib.handlers.CosineAnnealingScheduler",
            "ignite.handlers.LinearCyclicalScheduler",
            "ignite.handlers.param_scheduler.LinearCyclicalScheduler",
            "ignite.contrib.handlers.LinearCyclicalScheduler",
        ),
        kind="ignite-param-scheduler",
        source=_SRC + "handlers/param_scheduler.py ParamScheduler.__call__ / LRScheduler / create_lr_scheduler_with_warmup",
        proof=_PROOF + "test_param_scheduler_handlers_touch_no_gradients",
        note=(
            "builds a handler (engine.add_event_handler(Events.ITERATION_STARTED, handler)) that only writes "
            "the optimizer's param_groups' lr: it never clears, backpropagates or steps, so a name bound to "
            "one and registered on an iteration event adds nothing around the process function "
            "(test_param_scheduler_handlers_touch_no_gradients); where it steps before the update's "
            "optimizer see Engine.on"
        ),
    ),
)

METHODS = (
    Method(
        kind="ignite-engine",
        name="run",
        effects=(Effect.UNKNOWN,),
        source=_SRC + "engine/engine.py Engine.run",
        proof=_PROOF + "test_engine_calls_the_update_function_once_per_batch",
        note="runs the process function once per batch, and the event handlers: their effects, not its own",
    ),
    Method(
        kind="ignite-engine",
        name="on",
        effects=(Effect.NONE,),
        source=_SRC + "engine/events.py / engine.py Engine.on, add_event_handler",
        proof=_PROOF + "test_iteration_completed_handler_runs_after_each_update",
        note=(
            "@trainer.on(Events.ITERATION_COMPLETED) registers a handler that runs after every iteration: a "
            "clear there counts as the iteration's clear (ITERATION_STARTED: before the update, so a scheduler "
            "stepped there steps before the update's optimizer, test_iteration_started_handler_schedules_before_the_update; "
            "ITERATION_COMPLETED(every=N): after every N-th update only, so an update that only backpropagates "
            "accumulates N full losses for a handler that steps, test_every_n_handler_steps_a_window_of_full_losses; "
            "and after the step of an update stepping under `if engine.state.iteration % N == 0:`, so a clip "
            "there changes no update, test_every_n_clip_handler_runs_after_the_windowed_step (GF010); "
            "ITERATION_COMPLETED(event_filter=f): f(engine, count) gets the iteration, from 1 across epochs, so a "
            "filter returning `count % N == 0` is every=N, "
            "test_event_filter_handler_gets_the_iteration_and_steps_a_window_of_full_losses)"
        ),
    ),
)

FRAMEWORKS = (
    FrameworkClass(
        qualname="ignite.engine.Engine",
        aliases=("ignite.engine.engine.Engine",),
        hooks={"<process_function argument>": "training-step"},
        framework_effects=(),
        # `update(engine, batch)`: engine.state.iteration is 1 at the first call and goes on
        # counting across epochs (test_state_iteration_counts_from_one_across_epochs): a window
        # test on it is read like one on a counter from 1 never reset
        iteration_counters=(("<process_function argument>", 0, "state.iteration", 1),),
        source=_SRC + "engine/engine.py Engine._run_once_on_dataset_as_gen",
        proof=_PROOF + "test_engine_calls_the_update_function_once_per_batch",
        note=(
            "not a base class: the function passed as Engine's first argument (or decorated handlers of "
            "ITERATION_* events) form one training iteration; the engine adds nothing around them. An object "
            "passed there (Engine(Update(model, opt)), or a name bound to one) is called the same way: its class's "
            "__call__(self, engine, batch) is the iteration (test_engine_calls_a_callable_object_once_per_batch). "
            "Nor does it set modules' modes: a handler of EPOCH_COMPLETED that calls model.eval() leaves the "
            "next epoch's updates in eval mode (test_epoch_completed_handler_mode_carries_into_the_next_epoch); "
            "run() without max_epochs runs one epoch (test_run_defaults_to_one_epoch). "
            "engine.state.iteration, as the process function reads it, is 1 at the first batch and counts on "
            "across epochs (test_state_iteration_counts_from_one_across_epochs): `(engine.state.iteration + 1) "
            "% N == 0` closes a first window of N - 1 batches (GF015), `engine.state.iteration % N == 0` a full one. The engine "
            "create_supervised_evaluator(model) builds calls model.eval() at every batch and never switches "
            "back, while create_supervised_trainer's calls model.train() at every batch: evaluator.run(...) "
            "read as model.eval() (GF017) beside a hand step or loop that never calls model.train() "
            "(test_supervised_evaluator_leaves_the_model_in_eval_mode)"
        ),
    ),
)

OPTIMIZERS = (
    OptimizerClass(
        qualname="ignite.distributed.auto_optim",
        aliases=("ignite.distributed.auto.auto_optim",),
        clear_keywords=(),
        source=_SRC + "distributed/auto.py auto_optim",
        proof=_PROOF + "test_auto_optim_may_hand_back_horovods_optimizer",
        note=(
            "a function: it hands the optimizer back as it is (no distribution, torch native), a subclass with "
            "its own step (XLA), or horovod.torch.DistributedOptimizer(optimizer) under the horovod backend, "
            "whose zero_grad(self) takes no argument (gradfix/libraries/horovod.py): the optimizer it returns "
            "may refuse set_to_none"
        ),
    ),
)

LIBRARY = Library(
    name="ignite",
    version=VERSION,
    import_names=("ignite",),
    constructors=CONSTRUCTORS,
    methods=METHODS,
    frameworks=FRAMEWORKS,
    optimizers=OPTIMIZERS,
    kinds={
        "ignite-engine": "ignite.engine.Engine (also what create_supervised_trainer returns)",
        "ignite-param-scheduler": "an Ignite parameter-scheduler handler (LRScheduler, PiecewiseLinear, create_lr_scheduler_with_warmup, ...)",
    },
)
