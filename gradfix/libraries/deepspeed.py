"""DeepSpeed engines built by `deepspeed.initialize`.

Read from deepspeed 0.19.8 (installed from its sdist with no ops pre-built; the CPU
accelerator runs a one-process job over gloo) and proven by tests/libraries/test_deepspeed.py.
"""

from __future__ import annotations

from .schema import AccumulationSetting, Constructor, Context, Effect, Gate, Library, Method, OptimizerClass

VERSION = "0.19.8"
_SRC = f"deepspeed {VERSION}: deepspeed/"
_PROOF = "tests/libraries/test_deepspeed.py::"

ACCUMULATION = AccumulationSetting(
    name="gradient_accumulation_steps",
    config_key="gradient_accumulation_steps",
    attribute="gradient_accumulation_steps()",
    default=1,
    note=(
        "a key of the DeepSpeed config (a dict passed as config=, or the JSON file named by "
        "args.deepspeed_config / config=path); when absent it is derived as train_batch_size / "
        "(train_micro_batch_size_per_gpu x data-parallel size). The engine reads it back with "
        "engine.gradient_accumulation_steps() (a method). No static value is certain unless the config "
        "is a literal in the same file."
    ),
)

CONSTRUCTORS = (
    Constructor(
        qualname="deepspeed.initialize",
        kind=None,
        returns=("deepspeed-engine", "deepspeed-optimizer", "dataloader", "scheduler"),
        accumulation=ACCUMULATION,
        source=_SRC + "__init__.py initialize",
        proof=_PROOF + "test_initialize_returns_engine_optimizer_dataloader_scheduler",
        note=(
            "always a 4-tuple (engine, optimizer, training dataloader or None, lr scheduler or None); "
            "the derived count: test_accumulation_is_derived_from_batch_sizes"
        ),
    ),
)

METHODS = (
    Method(
        kind="deepspeed-engine",
        name="backward",
        effects=(Effect.DIVIDES_LOSS, Effect.BACKWARD),
        loss_argument=0,
        divides_by=ACCUMULATION.name,
        divides_unless="scale_wrt_gas",
        source=_SRC + "runtime/engine.py DeepSpeedEngine.backward",
        proof=_PROOF + "test_engine_backward_divides_by_config_accumulation",
        note=(
            "divides by the config's gradient_accumulation_steps unless called with scale_wrt_gas=False "
            "(test_engine_backward_scale_wrt_gas_false_does_not_divide); returns the divided loss; hands "
            "retain_graph on to autograd (test_engine_backward_hands_retain_graph_to_autograd: GF004); two calls on "
            "one forward pass train like one call on their sum (test_gf003_merged_engine_backwards_train_like_the_two_calls: GF003)"
        ),
    ),
    Method(
        kind="deepspeed-engine",
        name="step",
        effects=(Effect.UNSCALES, Effect.CLIPS, Effect.STEPS, Effect.CLEARS, Effect.SCHEDULER_STEPS),
        gate=Gate.ACCUMULATION_BOUNDARY,
        source=_SRC + "runtime/engine.py DeepSpeedEngine.step / _take_model_step / is_gradient_accumulation_boundary",
        proof=_PROOF + "test_engine_step_steps_and_clears_only_at_boundary",
        note=(
            "call it after every micro-batch: it counts them and only on every N-th one clips (by the config's "
            "gradient_clipping, default 1.0: test_engine_step_clips_at_norm_one_by_default, "
            "test_engine_step_clips_by_config), steps the optimizer, clears the gradients (to None) and steps "
            "the scheduler given to initialize; no user clear or scheduler step is needed "
            "(test_engine_trains_like_the_hand_written_window). A torch clip written after step() never reaches an "
            "update: with a count of 1 it finds no gradient, between boundaries it clips partial sums "
            "(test_hand_clip_after_engine_step_reaches_no_update; GF010). UNSCALES applies to fp16/bf16 configs only. "
            "A scheduler the user builds over the optimizer initialize returns (not handed to initialize) is "
            "stepped by hand after engine.step(), as after optimizer.step() in torch "
            "(test_user_scheduler_over_the_returned_optimizer_follows_engine_step)."
        ),
    ),
    Method(
        kind="deepspeed-engine",
        name="zero_grad",
        effects=(Effect.CLEARS,),
        source=_SRC + "runtime/engine.py DeepSpeedEngine.zero_grad",
        proof=_PROOF + "test_engine_zero_grad_clears",
        note=(
            "sets every parameter's .grad to None; redundant after step(), harmful between backward and a boundary step: GF002 removes it there (test_gf002_fix_of_a_clear_between_engine_backward_and_step_trains_like_the_hand_fix), "
            "also under exactly `if engine.is_gradient_accumulation_boundary():`, where every applying step is wiped "
            "(with the default clip of 1.0 the step raises IndexError: test_engine_clear_at_the_boundary_wipes_every_step)"
        ),
    ),
    Method(
        kind="deepspeed-engine",
        name="is_gradient_accumulation_boundary",
        effects=(Effect.NONE,),
        source=_SRC + "runtime/engine.py DeepSpeedEngine.is_gradient_accumulation_boundary",
        proof=_PROOF + "test_engine_step_steps_and_clears_only_at_boundary",
        note="True on the micro-batch whose step() will update: the window-end condition",
    ),
)

CONTEXTS = (
    Context(
        kind="deepspeed-engine",
        name="no_sync",
        changes=(
            "skips gradient reduction for backward calls in its body; local gradients still add up",
            "engine.step() inside it raises AssertionError",
        ),
        source=_SRC + "runtime/engine.py DeepSpeedEngine.no_sync",
        proof=_PROOF + "test_engine_no_sync_accumulates_and_refuses_step",
    ),
)

OPTIMIZERS = (
    OptimizerClass(
        qualname="deepspeed.ops.adam.FusedAdam",
        aliases=("deepspeed.ops.adam.fused_adam.FusedAdam",),
        clear_keywords=(),
        source=_SRC + "ops/adam/fused_adam.py FusedAdam.zero_grad",
        proof=_PROOF + "test_fused_optimizers_zero_grad_take_no_argument",
        note=(
            "zero_grad(self) sets every .grad to None when built with set_grad_none=True (the default), else "
            "calls torch's zero_grad(); zero_grad(set_to_none=True) raises TypeError. "
            "DeepSpeedCPUAdam, DeepSpeedCPUAdagrad, DeepSpeedCPULion and FusedLamb inherit torch's "
            "zero_grad(set_to_none=True): test_cpu_optimizers_inherit_torch_zero_grad"
        ),
    ),
    OptimizerClass(
        qualname="deepspeed.ops.lion.FusedLion",
        aliases=("deepspeed.ops.lion.fused_lion.FusedLion",),
        clear_keywords=(),
        source=_SRC + "ops/lion/fused_lion.py FusedLion.zero_grad",
        proof=_PROOF + "test_fused_optimizers_zero_grad_take_no_argument",
        note="as FusedAdam: zero_grad(self), no set_to_none",
    ),
)

LIBRARY = Library(
    name="deepspeed",
    version=VERSION,
    import_names=("deepspeed",),
    constructors=CONSTRUCTORS,
    methods=METHODS,
    contexts=CONTEXTS,
    optimizers=OPTIMIZERS,
    kinds={
        "deepspeed-engine": "deepspeed.DeepSpeedEngine, the first element of deepspeed.initialize(...)",
        "deepspeed-optimizer": "the optimizer deepspeed.initialize returns; the engine steps and clears it",
    },
    note=(
        "Accelerate under DeepSpeed (accelerate 1.15.0 accelerator.py Accelerator.backward, "
        "utils/deepspeed.py DeepSpeedEngineWrapper.backward): Accelerator.backward does not divide itself; "
        "the engine's backward divides by the DeepSpeed count, and on sync steps Accelerator.backward also "
        "runs engine.step() (clip, step, clear, scheduler); the prepared optimizer's step()/zero_grad() are "
        "no-ops. Proven by test_accelerate_backward_under_deepspeed_divides_once_and_steps_at_sync. "
        "HF Trainer passes scale_wrt_gas=False to it (transformers 5.24.0 trainer.py Trainer.training_step)."
    ),
)
