"""A stand-in for the `zero_grad` of NVIDIA Apex's fused optimizers and FP16_Optimizer (Apex
cannot be installed here: see gradfix/libraries/apex.py).

Only what gradfix's table says is modelled, written from the signatures and bodies in Apex's
repository: the fused optimizers subclass torch.optim.Optimizer and define `zero_grad(self)`
with no parameter, clearing to None when built with `set_grad_none=True` and calling torch's
own `zero_grad()` otherwise; FP16_Optimizer is a wrapper whose `zero_grad(self,
set_grads_to_None=...)` clears the fp16 parameters it holds; LARC (apex.parallel.LARC) is a
wrapper whose `zero_grad(self)` calls the wrapped optimizer's bare `zero_grad()`. Their
`step()` is a plain SGD update here (the fused kernels need CUDA); LARC's steps the wrapped
optimizer without its adaptive rate.
"""

from __future__ import annotations

import torch


class _Fused(torch.optim.Optimizer):
    set_grad_none_default = True

    def __init__(self, params, lr: float = 1e-3, set_grad_none: bool | None = None) -> None:
        super().__init__(params, {"lr": lr})
        self.set_grad_none = self.set_grad_none_default if set_grad_none is None else set_grad_none

    def zero_grad(self):  # Apex's signature: no set_to_none
        if self.set_grad_none:
            for group in self.param_groups:
                for p in group["params"]:
                    p.grad = None
        else:
            super().zero_grad()

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"])


class FusedAdam(_Fused):
    pass


class FusedLAMB(_Fused):
    pass


class FusedSGD(_Fused):
    set_grad_none_default = False


class FusedNovoGrad(_Fused):
    pass


class FusedAdagrad(_Fused):
    pass


class FP16_Optimizer:
    def __init__(self, init_optimizer: torch.optim.Optimizer, set_grads_to_none_default: bool = True) -> None:
        self.optimizer = init_optimizer
        self.default = set_grads_to_none_default

    def zero_grad(self, set_grads_to_None=None):
        to_none = self.default if set_grads_to_None is None else set_grads_to_None
        for group in self.optimizer.param_groups:
            for p in group["params"]:
                if to_none:
                    p.grad = None
                elif p.grad is not None:
                    p.grad.detach_()
                    p.grad.zero_()

    def step(self, closure=None):
        return self.optimizer.step(closure)


class LARC:
    def __init__(self, optimizer: torch.optim.Optimizer, trust_coefficient: float = 0.02, clip: bool = True) -> None:
        self.optim = optimizer
        self.trust_coefficient = trust_coefficient
        self.clip = clip

    @property
    def param_groups(self):
        return self.optim.param_groups

    def zero_grad(self):  # Apex's signature: no set_to_none
        self.optim.zero_grad()

    def step(self):
        self.optim.step()
