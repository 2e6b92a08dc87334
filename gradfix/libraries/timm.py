"""timm's loss scalers and Lookahead, and NVIDIA Apex's `amp.scale_loss`.

timm 1.0.31 is installed with `pip install --no-deps timm` (its package __init__ needs
torchvision, which is kept out of the test environment): tests/libraries/test_timm.py runs
timm's own utils/cuda.py and optim/lookahead.py, loaded without the package __init__. Apex
cannot be installed here (not on PyPI; the PyPI name `apex` is another project): its entries
are proven against our stand-in tests/libraries/standins/apex_amp.py, written from Apex's
documentation, and say `stand_in=True`.
"""

from __future__ import annotations

from .schema import Constructor, Context, Effect, Library, Method

VERSION = "1.0.31"
_SRC = f"timm {VERSION}: timm/"
_APEX = "apex (documentation of apex.amp: scale_loss, master_params; not installable here)"
_PROOF = "tests/libraries/test_timm.py::"

CONSTRUCTORS = (
    Constructor(
        qualname="timm.utils.NativeScaler",
        aliases=("timm.utils.cuda.NativeScaler",),
        kind="timm-native-scaler",
        source=_SRC + "utils/cuda.py NativeScaler.__init__",
        proof=_PROOF + "test_native_scaler_backward_and_step_without_clear",
        note=(
            "wraps torch.amp.GradScaler(device); device='cuda' by default, disabled without CUDA, and then a "
            "call is a plain backward + step (test_native_scaler_default_device_is_disabled_without_cuda)"
        ),
    ),
    Constructor(
        qualname="timm.utils.ApexScaler",
        aliases=("timm.utils.cuda.ApexScaler",),
        kind="timm-apex-scaler",
        source=_SRC + "utils/cuda.py ApexScaler",
        proof=_PROOF + "test_apex_scaler_backward_clip_step_without_clear",
        stand_in=True,
        note="timm's own code, run against the apex.amp stand-in",
    ),
    Constructor(
        qualname="timm.optim.Lookahead",
        aliases=("timm.optim.lookahead.Lookahead",),
        kind="optimizer",
        source=_SRC + "optim/lookahead.py Lookahead",
        proof=_PROOF + "test_lookahead_steps_base_and_clears_shared_params",
        note=(
            "an optimizer (a torch.optim.Optimizer subclass sharing the base optimizer's param_groups): "
            "zero_grad() (inherited) clears the same parameters; step() steps the base optimizer and every k "
            "steps pulls the weights toward a slow copy. Nothing about accumulation changes."
        ),
    ),
)

_SCALER_NOTE = (
    "one call = scale + backward, then, when need_update (default True): optional unscale + clip "
    "(clip_grad=, clip_mode=, parameters=), scaler.step(optimizer), scaler.update(). It does NOT clear: "
    "the gradients are still there after the call, so the loop needs optimizer.zero_grad() "
    "(test_native_scaler_backward_and_step_without_clear). need_update=False only backpropagates "
    "(accumulation; the loss is not divided: test_native_scaler_need_update_false_only_backpropagates)."
)

METHODS = (
    Method(
        kind="timm-native-scaler",
        name="__call__",
        effects=(Effect.BACKWARD, Effect.UNSCALES, Effect.CLIPS, Effect.STEPS),
        loss_argument=0,
        source=_SRC + "utils/cuda.py NativeScaler.__call__",
        proof=_PROOF + "test_native_scaler_unscales_before_clipping",
        note=_SCALER_NOTE + " Optimizer: argument 1 (or optimizer=).",
    ),
    Method(
        kind="timm-apex-scaler",
        name="__call__",
        effects=(Effect.BACKWARD, Effect.UNSCALES, Effect.CLIPS, Effect.STEPS),
        loss_argument=0,
        source=_SRC + "utils/cuda.py ApexScaler.__call__ (amp.scale_loss, amp.master_params)",
        proof=_PROOF + "test_apex_scaler_backward_clip_step_without_clear",
        stand_in=True,
        note="the same contract as NativeScaler through apex.amp; does not clear",
    ),
    Method(
        kind="apex-amp",
        name="master_params",
        effects=(),
        source=_APEX,
        proof=_PROOF + "test_apex_master_params_only_yields_parameters",
        stand_in=True,
        note=(
            "amp.master_params(optimizer) yields the parameters the optimizer updates (what a clip is "
            "given): it reads the optimizer and touches no gradient"
        ),
    ),
)

CONTEXTS = (
    Context(
        kind="apex-amp",
        name="scale_loss",
        changes=(
            "`with amp.scale_loss(loss, optimizer) as scaled_loss:` yields loss times the loss scale; the body's "
            "scaled_loss.backward() is the iteration's backward (of `loss`)",
            "on exit the optimizer's gradients are unscaled, unless delay_unscale=True (accumulation)",
            "it never steps and never clears; the loss is not divided by any accumulation count",
        ),
        effects_on_exit=(Effect.UNSCALES,),
        source=_APEX,
        proof=_PROOF + "test_apex_scale_loss_stand_in_scales_then_unscales",
        stand_in=True,
        note="`amp` is `from apex import amp`; the kind stands for that module",
    ),
)

LIBRARY = Library(
    name="timm",
    version=VERSION,
    import_names=("timm", "apex"),
    constructors=CONSTRUCTORS,
    methods=METHODS,
    contexts=CONTEXTS,
    kinds={
        "timm-native-scaler": "timm.utils.NativeScaler()",
        "timm-apex-scaler": "timm.utils.ApexScaler()",
        "apex-amp": "the module apex.amp",
    },
    note=(
        "timm runs here without its package __init__; Apex does not run here (stand-in). Outside the tables, "
        "gradfix.analysis.loops.CLIP_FUNCTIONS takes timm's dispatch_clip_grad for a clip "
        "(tests/libraries/test_timm.py::test_dispatch_clip_grad_clips_the_gradients_in_place) and "
        "gradfix.analysis.activations.TIMM_LOSS_CLASSES its SoftTargetCrossEntropy and LabelSmoothingCrossEntropy "
        "for losses on logits (tests/libraries/test_timm.py::test_timm_cross_entropies_take_logits) and its "
        "BinaryCrossEntropy for one with logits (tests/libraries/test_timm.py::test_timm_binary_cross_entropy_takes_logits); "
        "gradfix.analysis.staleness reads `reset_classifier(n)` (n > 0) of a model bound to `timm.create_model(...)` "
        "as a new classifier (GF021, tests/libraries/test_timm.py::test_reset_classifier_builds_new_classifier_parameters) "
        "and `create_optimizer_v2(model, ...)` as an optimizer over the model's parameters; GF024 reads that factory's "
        "optimizers as torch ones for `lr` (tests/libraries/test_timm.py::test_factory_optimizers_read_the_rate_from_their_groups), "
        "and for the other settings of torch's class a literal `opt` names (`\"adamw\"`; "
        "tests/libraries/test_timm.py::test_factory_names_build_torchs_own_classes). "
        "Those two proofs import the whole of timm in a subprocess, torchvision and PIL stubbed "
        "(tests/libraries/standins/vision_stub.py). GF020 reads a scheduler built counting updates "
        "(`t_in_epochs=False`, or create_scheduler_v2's `step_on_epochs=False`) and stepped only with `step(epoch)` "
        "as one whose rate never changes: timm's Scheduler.step proceeds only when t_in_epochs is true "
        "(tests/libraries/test_timm.py::test_scheduler_counting_updates_ignores_step)"
    ),
)
