"""NVIDIA Apex's fused optimizers and its LARC wrapper, whose `zero_grad` takes none of torch's
arguments.

Apex cannot be installed here (not on PyPI: the PyPI name `apex` is another project; Apex
builds CUDA extensions from its repository). Its entries were read from the repository
(github.com/NVIDIA/apex at 6424da3b, `setup.py` version 0.1; `apex.fp16_utils` from the
commit before cb65b8ed, which removed it in May 2025) and are proven against our stand-in
tests/libraries/standins/apex_optimizers.py, which copies only their `zero_grad` contract.
Apex's `amp.scale_loss` is described in timm.py, next to timm's ApexScaler that calls it.
"""

from __future__ import annotations

from .schema import Library, OptimizerClass

VERSION = "0.1"
_SRC = "apex 0.1 (github.com/NVIDIA/apex at 6424da3b, read from the repository; not installable here): apex/"
_OLD = "apex 0.1 (github.com/NVIDIA/apex before cb65b8ed, which removed it; not installable here): apex/"
_PROOF = "tests/libraries/test_apex.py::"

_FUSED_NOTE = (
    "zero_grad(self) sets every .grad to None when the optimizer was built with set_grad_none=True "
    "({default}), else calls torch's zero_grad(); zero_grad(set_to_none=True) raises TypeError"
)

OPTIMIZERS = (
    *(
        OptimizerClass(
            qualname=f"apex.optimizers.{name}",
            aliases=(f"apex.optimizers.{module}.{name}",),
            clear_keywords=(),
            source=_SRC + f"optimizers/{module}.py {name}.zero_grad",
            proof=_PROOF + "test_fused_optimizer_zero_grad_takes_no_argument",
            stand_in=True,
            note=_FUSED_NOTE.format(default="the default" if default else "not the default"),
        )
        for name, module, default in (
            ("FusedAdam", "fused_adam", True),
            ("FusedLAMB", "fused_lamb", True),
            ("FusedSGD", "fused_sgd", False),
            ("FusedNovoGrad", "fused_novograd", True),
            ("FusedAdagrad", "fused_adagrad", True),
        )
    ),
    OptimizerClass(
        qualname="apex.contrib.optimizers.FusedLAMB",
        aliases=("apex.contrib.optimizers.fused_lamb.FusedLAMB",),
        clear_keywords=(),
        source=_SRC + "contrib/optimizers/fused_lamb.py FusedLAMB.zero_grad",
        proof=_PROOF + "test_fused_optimizer_zero_grad_takes_no_argument",
        stand_in=True,
        note=(
            _FUSED_NOTE.format(default="the default")
            + ". apex.contrib's FusedAdam and FusedSGD, apex.optimizers.FusedMixedPrecisionLamb and "
            "DistributedFusedLAMB inherit torch's zero_grad; DistributedFusedAdam's takes set_to_none"
        ),
    ),
    OptimizerClass(
        qualname="apex.contrib.optimizers.FP16_Optimizer",
        aliases=("apex.contrib.optimizers.fp16_optimizer.FP16_Optimizer",),
        clear_keywords=("set_grads_to_None",),
        source=_SRC + "contrib/optimizers/fp16_optimizer.py FP16_Optimizer.zero_grad",
        proof=_PROOF + "test_fp16_optimizer_zero_grad_takes_set_grads_to_none",
        stand_in=True,
        note="a wrapper (not a torch.optim.Optimizer): zero_grad(self, set_grads_to_None=True)",
    ),
    OptimizerClass(
        qualname="apex.parallel.LARC.LARC",
        clear_keywords=(),
        source=_SRC + "parallel/LARC.py LARC.zero_grad",
        proof=_PROOF + "test_larc_zero_grad_takes_no_argument",
        stand_in=True,
        note=(
            "a wrapper (not a torch.optim.Optimizer) around the optimizer it is given: "
            "zero_grad(self) calls the wrapped optimizer's bare zero_grad(); zero_grad(set_to_none=True) raises TypeError"
        ),
    ),
    OptimizerClass(
        qualname="apex.fp16_utils.FP16_Optimizer",
        aliases=("apex.fp16_utils.fp16_optimizer.FP16_Optimizer",),
        clear_keywords=("set_grads_to_None",),
        source=_OLD + "fp16_utils/fp16_optimizer.py FP16_Optimizer.zero_grad",
        proof=_PROOF + "test_fp16_optimizer_zero_grad_takes_set_grads_to_none",
        stand_in=True,
        note="a wrapper (not a torch.optim.Optimizer): zero_grad(self, set_grads_to_None=False) keeps zero tensors by default",
    ),
)

LIBRARY = Library(
    name="apex",
    version=VERSION,
    import_names=("apex",),
    optimizers=OPTIMIZERS,
    runs_here=False,
    note=(
        "apex.amp.initialize(models, optimizers, opt_level=\"O1\", master_weights=None) hands the "
        "optimizers back; with master weights (opt_level \"O2\" or master_weights=True) each one's "
        "zero_grad is replaced by new_zero_grad(self), which takes no argument "
        "(" + _SRC + "amp/_process_optimizer.py; read in gradfix/analysis/clear_signature.py; "
        "tests/libraries/test_apex.py::test_amp_initialize_master_weights_replace_zero_grad)"
    ),
)
