"""A stand-in for Horovod's `DistributedOptimizer` (Horovod cannot be installed here: see
gradfix/libraries/horovod.py).

Only the contract gradfix's table states is modelled, written from the signatures in Horovod's
repository: `DistributedOptimizer(optimizer, named_parameters=None, ...)` is a function that
builds a subclass of the given optimizer's class and returns an instance of it over the same
parameter groups; that subclass's `zero_grad(self)` takes no argument, refuses to run while
gradient reductions are pending, and calls the wrapped class's `zero_grad()`. There is no
communication here: one process, no reduction ever pending.
"""

from __future__ import annotations


def DistributedOptimizer(optimizer, named_parameters=None, backward_passes_per_step=1):  # noqa: N802 (Horovod's name)
    wrapped = optimizer.__class__

    def zero_grad(self):  # Horovod's signature: no set_to_none
        if self._pending:
            raise AssertionError("zero_grad() between backward() and step()")
        return wrapped.zero_grad(self)

    def __init__(self, param_groups, named_parameters, backward_passes_per_step):
        wrapped.__init__(self, param_groups, **optimizer.defaults)
        self._pending = {}
        self.backward_passes_per_step = backward_passes_per_step

    cls = type(wrapped.__name__, (wrapped,), {"__init__": __init__, "zero_grad": zero_grad})
    return cls(optimizer.param_groups, named_parameters, backward_passes_per_step)
