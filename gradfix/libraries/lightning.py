"""PyTorch Lightning (Trainer + LightningModule) and Lightning Fabric.

Read from the installed pytorch-lightning 2.6.6 and lightning-fabric 2.6.6 wheels (the
unified `lightning` package ships the same code as `lightning.pytorch` and
`lightning.fabric`, hence the aliases) and proven by tests/libraries/test_lightning.py.
"""

from __future__ import annotations

from .schema import (
    AccumulationSetting,
    Constructor,
    Context,
    Effect,
    FrameworkClass,
    Library,
    Method,
)

VERSION = "2.6.6"
_PL = f"pytorch-lightning {VERSION}: pytorch_lightning/"
_FABRIC = f"lightning-fabric {VERSION}: lightning_fabric/"
_PROOF = "tests/libraries/test_lightning.py::"


def _aliases(*dotted: str) -> tuple[str, ...]:
    """The same class under the unified `lightning` package's names."""
    out: list[str] = []
    for name in dotted:
        if name.startswith("pytorch_lightning."):
            out.append("lightning.pytorch." + name.removeprefix("pytorch_lightning."))
        elif name.startswith("lightning_fabric."):
            out.append("lightning.fabric." + name.removeprefix("lightning_fabric."))
        out.append(name)
    return tuple(out)


TRAINER_ACCUMULATION = AccumulationSetting(
    name="accumulate_grad_batches",
    keywords=("accumulate_grad_batches",),
    attribute="accumulate_grad_batches",
    default=1,
    note=(
        "a setting of the Trainer, not of the module: automatic optimization divides the loss "
        "training_step returns by it, clears at the first micro-batch of each window and steps at its "
        "last micro-batch or the epoch's last batch. Manual optimization refuses any value but 1. "
        "A GradientAccumulationScheduler(scheduling={0: N, ...}) callback sets it at each epoch's start "
        "(N from the first epoch; it refuses manual optimization and a Trainer setting other than 1): "
        "the step's loss is divided by N as with accumulate_grad_batches=N (GF016)"
    ),
)

CONSTRUCTORS = (
    Constructor(
        qualname="pytorch_lightning.Trainer",
        aliases=_aliases("pytorch_lightning.trainer.Trainer", "pytorch_lightning.trainer.trainer.Trainer")
        + ("lightning.Trainer", "lightning.pytorch.Trainer"),
        kind="lightning-trainer",
        accumulation=TRAINER_ACCUMULATION,
        source=_PL + "trainer/trainer.py Trainer.__init__; loops/optimization/automatic.py _AutomaticOptimization",
        proof=_PROOF + "test_automatic_optimization_divides_by_accumulate_grad_batches",
        note=(
            "its keywords may come spread from a module dict (`Trainer(**TRAINER_KW)`: GF016, "
            "test_trainer_options_spread_from_a_module_dict_fix_trains_like_one_division); a scheduler "
            "configure_optimizers returns steps once per epoch unless its dict says `\"interval\": \"step\"` "
            "(GF020, test_onecycle_returned_without_interval_fix_trains_like_a_per_step_schedule); "
            "a GradientAccumulationScheduler(scheduling={0: N, ...}) in its callbacks sets "
            "accumulate_grad_batches to N from the first epoch, and the step's loss is divided by it "
            "(GF016, test_accumulation_scheduler_callback_divides_like_the_trainer_setting)"
        ),
    ),
    Constructor(
        qualname="lightning_fabric.Fabric",
        aliases=_aliases("lightning_fabric.fabric.Fabric") + ("lightning.Fabric", "lightning.fabric.Fabric"),
        kind="fabric",
        source=_FABRIC + "fabric.py Fabric.__init__",
        proof=_PROOF + "test_fabric_setup_returns_module_and_optimizers",
        note="Fabric has no accumulation setting: the user's loop decides windows, division and clears",
    ),
)

METHODS = (
    # --- inside a LightningModule subclass (`self`) ---------------------------------------------
    Method(
        kind="lightning-module",
        name="manual_backward",
        effects=(Effect.BACKWARD,),
        loss_argument=0,
        source=_PL + "core/module.py LightningModule.manual_backward -> strategy.backward",
        proof=_PROOF + "test_manual_backward_does_not_divide",
        note="does not divide (manual optimization refuses accumulate_grad_batches != 1); precision scaling only",
    ),
    Method(
        kind="lightning-module",
        name="optimizers",
        effects=(Effect.NONE,),
        returns="lightning-optimizer",
        source=_PL + "core/module.py LightningModule.optimizers",
        proof=_PROOF + "test_lightning_optimizer_steps_and_clears_on_every_call",
        note=(
            "one LightningOptimizer (also for one optimizer returned in a list:"
            " test_lightning_optimizer_steps_and_clears_on_every_call; a list is two or more, GF001),"
            " or a list of them when configure_optimizers returns several, in the order it"
            " returns them: a tuple, the first of a pair of lists, or dicts with an \"optimizer\" entry"
            " (test_optimizers_come_in_the_order_configure_optimizers_returns_them); its param_groups are the"
            " optimizer's, an attribute set on it (`.lr`) is read by nothing (test_optimizers_call_wraps_the_configured_one)"
        ),
    ),
    Method(
        kind="lightning-module",
        name="lr_schedulers",
        effects=(Effect.NONE,),
        returns="scheduler",
        source=_PL + "core/module.py LightningModule.lr_schedulers",
        proof=_PROOF + "test_lr_schedulers_come_in_the_order_of_optimizers",
        note=(
            "one scheduler, or a list of them in the order of `self.optimizers()` (configure_optimizers' order); "
            "under automatic optimization Lightning steps them itself, so `.step()` on it in training_step runs "
            "before the batch's update and adds a second step (GF012: "
            "test_hand_scheduler_step_in_an_automatic_training_step_runs_before_the_update); one stepped again by "
            "`self.lr_schedulers().step()` in on_train_batch_end advances once per batch plus once per epoch (GF020: "
            "test_a_scheduler_stepped_in_the_batch_end_hook_is_stepped_again_each_epoch); one returned with "
            "\"interval\": \"step\" and stepped again there advances twice per batch (GF020: "
            "test_a_step_interval_scheduler_stepped_in_the_batch_end_hook_is_stepped_twice_per_batch); so does a "
            "Callback's pl_module.lr_schedulers().step() there (GF020: "
            "test_a_callback_stepping_the_modules_scheduler_per_batch_steps_it_again); of `[opt], [a, b]`, "
            "`self.lr_schedulers()[1]` (and `trainer.lr_scheduler_configs[1].scheduler`) is b, stepped again there once per batch (GF020: "
            "test_the_ith_of_several_schedulers_stepped_in_the_batch_end_hook_is_stepped_again_each_epoch)"
        ),
    ),
    Method(
        kind="lightning-module",
        name="toggle_optimizer",
        effects=(Effect.NONE,),
        source=_PL + "core/module.py LightningModule.toggle_optimizer",
        proof=_PROOF + "test_toggle_optimizer_freezes_other_optimizers_parameters",
        note="sets requires_grad=False on the parameters of the *other* optimizers; does not clear .grad",
    ),
    Method(
        kind="lightning-module",
        name="untoggle_optimizer",
        effects=(Effect.NONE,),
        source=_PL + "core/module.py LightningModule.untoggle_optimizer",
        proof=_PROOF + "test_toggle_optimizer_freezes_other_optimizers_parameters",
        note="restores requires_grad; does not clear .grad",
    ),
    Method(
        kind="lightning-module",
        name="clip_gradients",
        effects=(Effect.CLIPS,),
        source=_PL + "core/module.py LightningModule.clip_gradients -> precision plugin clip_gradients",
        proof=_PROOF + "test_clip_gradients_clips_by_norm",
        note="norm or value by gradient_clip_algorithm; unscaling under AMP is the precision plugin's (GPU only, not run here)",
    ),
    Method(
        kind="lightning-optimizer",
        name="step",
        effects=(Effect.STEPS,),
        source=_PL + "core/optimizer.py LightningOptimizer.step -> strategy.optimizer_step",
        proof=_PROOF + "test_lightning_optimizer_steps_and_clears_on_every_call",
        note="steps on every call in manual optimization (no accumulation gating)",
    ),
    Method(
        kind="lightning-optimizer",
        name="zero_grad",
        effects=(Effect.CLEARS,),
        source=_PL + "core/optimizer.py LightningOptimizer (the wrapped optimizer's zero_grad)",
        proof=_PROOF + "test_lightning_optimizer_steps_and_clears_on_every_call",
    ),
    # --- Fabric ---------------------------------------------------------------------------------
    Method(
        kind="fabric",
        name="backward",
        effects=(Effect.BACKWARD,),
        loss_argument=0,
        source=_FABRIC + "fabric.py Fabric.backward -> strategy.backward",
        proof=_PROOF + "test_fabric_backward_does_not_divide",
        note="does not divide by anything; with a GradScaler precision plugin it backpropagates the scaled loss",
    ),
    Method(
        kind="fabric",
        name="setup",
        effects=(Effect.NONE,),
        returns="fabric-module, *fabric-optimizer[, scheduler]",
        source=_FABRIC + "fabric.py Fabric.setup",
        proof=_PROOF + "test_fabric_setup_returns_module_and_optimizers",
        note="setup(model) returns the module alone; setup(model, opt, ...) returns (module, opt, ...) in order",
    ),
    Method(
        kind="fabric",
        name="setup_module",
        effects=(Effect.NONE,),
        returns="fabric-module",
        source=_FABRIC + "fabric.py Fabric.setup_module",
        proof=_PROOF + "test_fabric_setup_returns_module_and_optimizers",
    ),
    Method(
        kind="fabric",
        name="setup_optimizers",
        effects=(Effect.NONE,),
        returns="fabric-optimizer (a tuple for several)",
        source=_FABRIC + "fabric.py Fabric.setup_optimizers",
        proof=_PROOF + "test_fabric_setup_returns_module_and_optimizers",
    ),
    Method(
        kind="fabric",
        name="clip_gradients",
        effects=(Effect.UNSCALES, Effect.CLIPS),
        source=_FABRIC + "fabric.py Fabric.clip_gradients -> strategies/strategy.py clip_gradients_norm/value",
        proof=_PROOF + "test_fabric_clip_gradients_unscales_first",
        note=(
            "max_norm= or clip_val= (test_fabric_clip_gradients_clips); the precision plugin unscales first; "
            "it clips what the named optimizer's next step applies (GF010: "
            "test_fabric_clip_moved_before_its_optimizers_step_trains_like_the_hand_fix)"
        ),
    ),
    Method(
        kind="fabric",
        name="call",
        effects=(Effect.UNKNOWN,),
        source=_FABRIC + "fabric.py Fabric.call",
        proof=_PROOF + "test_fabric_call_runs_user_callbacks",
        note=(
            "runs the named method of every registered callback: whatever those do (they may clear or step); "
            "a callback without the method is skipped, and each method gets only the keywords it takes "
            "(test_fabric_call_runs_the_named_method_of_each_callback): the loop model reads the call as those "
            "methods' calls when the Fabric is bound once at the module's top level with callbacks built from "
            "classes of the module without bases (GF001, GF002, GF010)"
        ),
    ),
    Method(
        kind="fabric-optimizer",
        name="step",
        effects=(Effect.STEPS,),
        source=_FABRIC + "wrappers.py _FabricOptimizer.step",
        proof=_PROOF + "test_fabric_backward_does_not_divide",
        note=(
            "steps on every call (no accumulation gating); it does not unscale a hand torch GradScaler's "
            "gradients: after fabric.backward(scaler.scale(loss)) step() applies the scaled gradients, "
            "scaler.step(optimizer) unscales first (GF023, GF013: "
            "test_fabric_optimizer_step_applies_a_hand_scalers_scaled_gradients)"
        ),
    ),
    Method(
        kind="fabric-optimizer",
        name="zero_grad",
        effects=(Effect.CLEARS,),
        source=_FABRIC + "wrappers.py _FabricOptimizer.__getattr__ (the wrapped optimizer's zero_grad)",
        proof=_PROOF + "test_fabric_backward_does_not_divide",
    ),
)

CONTEXTS = (
    Context(
        kind="fabric",
        name="no_backward_sync",
        changes=(
            "skips the gradient all-reduce of fabric.backward in its body when enabled (a no-op on one device)",
            "local gradients still add up; the loss is NOT divided: an accumulation loop must divide it by the "
            "window size itself (GF005) and clear after its step (GF001)",
            "step() and zero_grad() inside are not gated",
        ),
        source=_FABRIC + "fabric.py Fabric.no_backward_sync",
        proof=_PROOF + "test_fabric_no_backward_sync_leaves_local_gradients_alone",
        needs_tail_flush=True,
    ),
    Context(
        kind="lightning-module",
        name="toggled_optimizer",
        changes=("toggle_optimizer on entry, untoggle_optimizer on exit; no effect on .grad",),
        source=_PL + "core/module.py LightningModule.toggled_optimizer",
        proof=_PROOF + "test_toggle_optimizer_freezes_other_optimizers_parameters",
    ),
)

FRAMEWORKS = (
    FrameworkClass(
        qualname="pytorch_lightning.LightningModule",
        aliases=_aliases("pytorch_lightning.core.LightningModule", "pytorch_lightning.core.module.LightningModule")
        + ("lightning.LightningModule", "lightning.pytorch.LightningModule"),
        hooks={
            "training_step": "training-step",
            "configure_optimizers": "builds-optimizers",
            "backward": "backward-override",
            "optimizer_zero_grad": "clear-override",
            "optimizer_step": "step-override",
            "on_before_zero_grad": "hook",
            "on_before_backward": "hook",
            "on_after_backward": "hook",
            "on_before_optimizer_step": "hook",
            # per batch: `on_train_batch_start(self, batch, batch_idx)` before training_step,
            # `on_train_batch_end(self, outputs, batch, batch_idx)` after it and its optimizer step
            # (test_batch_hooks_run_around_each_training_step_and_its_step)
            "on_train_batch_start": "batch-start-hook",
            "on_train_batch_end": "batch-end-hook",
            # per epoch: `on_train_epoch_end(self)` after the epoch's last training_step, its
            # optimizer step and the validation loop; a mode it sets stays for the next epoch
            # (test_epoch_end_hook_eval_stays_for_the_next_epoch)
            "on_train_epoch_end": "epoch-end-hook",
        },
        framework_effects=(Effect.CLEARS, Effect.DIVIDES_LOSS, Effect.BACKWARD, Effect.STEPS),
        accumulation=TRAINER_ACCUMULATION,
        manual_switch="automatic_optimization",
        manual_effects=(),
        user_must_clear_when_manual=True,
        # `training_step(self, batch, batch_idx)`: the loop passes `batch_idx` positionally, the
        # index of the batch in the current epoch, 0 first, 0 again at each epoch's start
        # (test_manual_optimization_batch_idx_counts_each_epoch_from_zero): a window test on it
        # is read like one on a loop's `enumerate` index
        batch_counters=(("training_step", 2),),
        # `training_step(self, batch, batch_idx)`: `batch` is what the train DataLoader yields,
        # handed on as it is: plain data holding no autograd graph
        # (test_manual_optimization_batch_idx_counts_each_epoch_from_zero checks it too)
        batch_arguments=(("training_step", 1),),
        # `optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None)`: a
        # LightningOptimizer over configure_optimizers' optimizer, `optimizer.lr = ...` sets an
        # attribute of the wrapper only, its param_groups are the wrapped optimizer's
        # (test_optimizer_step_hook_optimizer_wraps_the_configured_one)
        optimizer_arguments=(("optimizer_step", 3),),
        source=_PL + "loops/optimization/automatic.py (Closure, _make_zero_grad_fn, ClosureResult) and manual.py",
        proof=_PROOF + "test_automatic_optimization_clears_before_each_backward",
        note=(
            "automatic optimization (the default): training_step only returns the loss; Lightning clears at "
            "the first micro-batch of a window (before backward), divides by accumulate_grad_batches, "
            "backpropagates and steps; a user clear/backward/step is never needed, so no GF001/GF005 there "
            "(test_automatic_optimization_trains_like_the_hand_loop, "
            "test_automatic_optimization_divides_by_accumulate_grad_batches; a returned dict's \"loss\" entry "
            "likewise: test_automatic_optimization_divides_the_loss_entry_of_a_returned_dict). "
            "`self.automatic_optimization = False` (manual): Lightning calls training_step once per batch and "
            "does nothing else: it does NOT clear, so training_step without opt.zero_grad() accumulates across "
            "steps exactly like a torch loop without a clear - a real GF001 "
            "(test_manual_optimization_does_not_clear, test_manual_optimization_with_zero_grad_trains_like_the_hand_loop). "
            "The per-batch hooks still run around each training_step call in manual optimization "
            "(on_train_batch_start before it, on_train_batch_end after it, of the module and of callbacks): "
            "a clear there serves the next step, and training is the cleared hand loop "
            "(test_manual_optimization_batch_end_hook_clear_trains_like_the_hand_loop). "
            "In automatic optimization the module's on_train_batch_start runs before training_step, "
            "on_train_batch_end after the optimizer step, before the next batch's training_step "
            "(test_batch_hooks_run_around_each_training_step_and_its_step); with accumulate_grad_batches=N a "
            "clear there runs on every micro-batch and each step applies the window's last micro-batch alone "
            "(test_clear_in_on_train_batch_start_wipes_the_accumulation_window; GF011); a mode on_train_batch_end sets "
            "stays for the next batches (test_batch_end_hook_eval_stays_for_the_next_training_steps). "
            "A Callback's on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx) runs after "
            "the optimizer step too, before the module's own hook, and `pl_module.eval()` there likewise "
            "stays for the next batches (test_callback_batch_end_eval_stays_for_the_next_training_steps; "
            "GF017 reads it). A Callback's on_train_batch_start(self, trainer, pl_module, batch, batch_idx) runs "
            "before every training_step, after the previous batch's hooks: `pl_module.train()` there undoes an "
            "eval of on_train_batch_end (test_callback_batch_start_train_switches_back_before_each_training_step; "
            "GF017 stays silent when any Callback, also of another file, may switch the module back). "
            "optimizer_step's `optimizer` (4th parameter with self) is a LightningOptimizer over the optimizer "
            "configure_optimizers returns: `optimizer.lr = x` sets an attribute of the wrapper and changes no "
            "learning rate, its param_groups are the wrapped optimizer's "
            "(test_optimizer_step_hook_optimizer_wraps_the_configured_one). "
            "Every `self.optimizers()` call hands back the same LightningOptimizer, and "
            "`self.optimizers(use_pl_optimizer=False)` the configured torch optimizer itself: `.lr` set on "
            "either changes no learning rate "
            "(test_optimizers_call_is_one_wrapper_and_use_pl_optimizer_false_the_optimizer_itself; GF024). "
            "A Callback hook's `trainer.optimizers[0]` is the torch optimizer configure_optimizers returned, "
            "itself: `.lr = x` on it changes no learning rate, its param_groups do "
            "(test_callback_trainer_optimizers_are_the_configured_optimizers; GF024). "
            "Lightning sets no module's mode between training_step calls nor between training epochs (only "
            "around its validation loop, restoring the modes it found): a module training_step switches to "
            "eval stays so for every later batch (test_automatic_optimization_keeps_a_mode_set_in_training_step). "
            "on_before_zero_grad (of the module and of callbacks) runs after training_step and the previous "
            "optimizer step, right before zero_grad, and not at all under manual optimization: a clip there changes "
            "no step; on_before_optimizer_step (the same parameters) runs between backward and the step "
            "(test_clip_in_the_before_zero_grad_hook_changes_no_step; GF010). "
            "on_before_backward (of callbacks, then of the module) runs after that clear and right before the "
            "backward (also inside self.manual_backward): a clip there reaches none of the gradients the step "
            "applies, or with accumulate_grad_batches clips a window's partial sum "
            "(test_clip_in_the_before_backward_hook_changes_no_step; GF010). "
            "A backward(self, loss) override is called once per batch, after the clear, with the loss training_step "
            "returned (divided by accumulate_grad_batches), which Lightning backpropagates nowhere else: "
            "loss.backward(retain_graph=True) there trains like loss.backward() (GF004), and two backwards of the "
            "batch's graph like one backward of their sum (GF003) (test_backward_override_is_each_batchs_one_backward). "
            "A callback's on_before_zero_grad runs before the module's optimizer_zero_grad, whatever that does: "
            "a callback clearing there clears for a module whose override does nothing "
            "(test_a_callback_clearing_in_on_before_zero_grad_clears_for_an_idle_override; GF001). "
            "on_train_batch_end (of the module and of callbacks) runs after the batch's optimizer step: a clip "
            "there changes no step, or with accumulate_grad_batches clips a window's partial sums "
            "(test_clip_in_the_batch_end_hook_changes_no_step; GF010). "
            "Under automatic optimization training_step runs before the batch's clear and backward: a clip "
            "in it acts on the previous batch's gradients, already applied, and changes no step "
            "(test_clip_in_an_automatic_training_step_changes_no_step; GF010). "
            "on_after_backward and on_before_optimizer_step run between the backward and the step: a clear "
            "there leaves the step nothing to apply (test_clear_in_the_backward_hooks_wipes_the_step; GF002). "
            "Under manual optimization too, self.manual_backward(loss) runs on_after_backward and opt.step() runs "
            "on_before_optimizer_step before it updates: a clear there wipes the step, a clip there is the clip "
            "before opt.step() (test_manual_optimization_backward_hooks_run_between_manual_backward_and_the_step; "
            "GF002), and on_train_batch_end runs after training_step's step: a clip there changes no step "
            "(test_manual_optimization_clip_in_the_batch_end_hook_changes_no_step; GF010). "
            "on_train_epoch_end (of the module, and a Callback's on_train_epoch_end(self, trainer, pl_module)) runs "
            "after the epoch's last optimizer step and its validation loop, and nothing of Lightning's switches a "
            "mode it sets back before the next epoch's training_step calls "
            "(test_epoch_end_hook_eval_stays_for_the_next_epoch; GF017 reads it). "
            "training_step's batch_idx (passed positionally, 2nd after self) is the batch's index in the current "
            "epoch, 0 first and again each epoch (test_manual_optimization_batch_idx_counts_each_epoch_from_zero). "
            "An optimizer_step override's optimizer.step(closure=optimizer_closure) runs training_step, the clear "
            "and backward, then updates: a clip written after it changes no step "
            "(test_clip_after_the_step_in_the_optimizer_step_override_changes_no_step; GF010), and a scheduler "
            "stepped before it has decayed the rate of the batch's own update "
            "(test_scheduler_before_the_closure_step_in_the_optimizer_step_override_skips_the_first_rate; GF012). "
            "Automatic optimization clears only through the module's optimizer_zero_grad(epoch, batch_idx, optimizer) "
            "hook (Lightning's default body: optimizer.zero_grad()): overridden to do nothing, every step applies "
            "the gradients of all batches since training began "
            "(test_optimizer_zero_grad_overridden_to_do_nothing_never_clears; GF001)."
        ),
    ),
)

LIBRARY = Library(
    name="lightning",
    version=VERSION,
    import_names=("pytorch_lightning", "lightning_fabric", "lightning"),
    constructors=CONSTRUCTORS,
    methods=METHODS,
    contexts=CONTEXTS,
    frameworks=FRAMEWORKS,
    kinds={
        "lightning-module": "`self` inside a LightningModule subclass",
        "lightning-optimizer": "what LightningModule.optimizers() returns (pytorch_lightning.core.optimizer.LightningOptimizer)",
        "lightning-trainer": "pytorch_lightning.Trainer",
        "fabric": "lightning_fabric.Fabric",
        "fabric-module": "a module returned by Fabric.setup / setup_module",
        "fabric-optimizer": "an optimizer returned by Fabric.setup / setup_optimizers",
    },
    note=(
        "Outside the tables, gradfix.analysis.accumulators reads Fabric's `all_reduce(loss, reduce_op=...)` and "
        "`all_gather(loss)` as the loss itself, graph and all (GF009: on one device they hand the tensor back, "
        "tests/libraries/test_lightning.py::test_fabric_collectives_hand_back_the_loss_with_its_graph)"
    ),
)
