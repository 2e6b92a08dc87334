"""Horovod's `DistributedOptimizer`, whose `zero_grad` takes none of torch's arguments.

Horovod cannot be installed here (its wheel builds C++ and MPI/Gloo extensions at install
time). The entry was read from its repository (github.com/horovod/horovod at 0187e715,
`horovod/torch/optimizer.py`, version 0.28.1) and is proven against our stand-in
tests/libraries/standins/horovod_optimizer.py, which models only that contract.
"""

from __future__ import annotations

from .schema import Library, OptimizerClass

VERSION = "0.28.1"
_SRC = "horovod 0.28.1 (github.com/horovod/horovod at 0187e715, read from the repository; not installable here): "

OPTIMIZERS = (
    OptimizerClass(
        qualname="horovod.torch.DistributedOptimizer",
        aliases=("horovod.torch.optimizer.DistributedOptimizer",),
        clear_keywords=(),
        source=_SRC + "horovod/torch/optimizer.py DistributedOptimizer, _DistributedOptimizer.zero_grad, "
        "_DistributedAdasumOptimizer.zero_grad",
        proof="tests/libraries/test_horovod.py::test_distributed_optimizer_zero_grad_takes_no_argument",
        stand_in=True,
        note=(
            "a function: it builds a subclass of the wrapped optimizer's class whose zero_grad(self) (both the "
            "allreduce and the Adasum variants) refuses to run with reductions pending, then calls the wrapped "
            "class's zero_grad() with no argument; zero_grad(set_to_none=True) raises TypeError"
        ),
    ),
)

LIBRARY = Library(
    name="horovod",
    version=VERSION,
    import_names=("horovod",),
    optimizers=OPTIMIZERS,
    runs_here=False,
)
