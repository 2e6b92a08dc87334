"""A stand-in for NVIDIA Apex's `apex.amp` (not on PyPI: the PyPI name `apex` is an unrelated
Pyramid toolkit, and Apex itself builds CUDA extensions from its repository).

Behaviour modelled, from Apex's documentation of `amp.scale_loss` and `amp.master_params`:

- `with amp.scale_loss(loss, optimizer, delay_unscale=False) as scaled_loss:` yields
  `loss * loss_scale`; the body calls `scaled_loss.backward()`, so .grad holds scaled values;
- on leaving the block, unless `delay_unscale=True`, the gradients of the optimizer's
  parameters are divided by the loss scale (and, on overflow, Apex skips the next step:
  here an inf/NaN gradient makes the next `optimizer.step()` a no-op);
- it never steps and never clears; `amp.master_params(optimizer)` yields the parameters the
  optimizer updates (with O1, the model's own parameters).

And from apex/amp/frontend.py and _process_optimizer.py: `amp.initialize(models, optimizers,
opt_level="O1", master_weights=None)` hands the optimizers back; with master weights (the
default of "O2", or `master_weights=True`) each one's `zero_grad` is replaced by a
`new_zero_grad(self)` that takes no argument. Only that contract is modelled (no casting).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import torch


class _Amp:
    def __init__(self, loss_scale: float = 128.0) -> None:
        self.loss_scale = loss_scale

    @staticmethod
    def master_params(optimizer: torch.optim.Optimizer) -> Iterator[torch.nn.Parameter]:
        for group in optimizer.param_groups:
            yield from group["params"]

    @staticmethod
    def initialize(models, optimizers=None, opt_level: str = "O1", master_weights: bool | None = None):
        if master_weights is None:
            master_weights = opt_level == "O2"
        if master_weights and optimizers is not None:
            for optimizer in optimizers if isinstance(optimizers, (list, tuple)) else [optimizers]:
                original = optimizer.zero_grad

                def new_zero_grad(self, _original=original):  # Apex's signature: no argument
                    _original()

                optimizer.zero_grad = new_zero_grad.__get__(optimizer)
        return models if optimizers is None else (models, optimizers)

    @contextlib.contextmanager
    def scale_loss(self, loss, optimizers, loss_id: int = 0, model=None, delay_unscale: bool = False):
        yield loss * self.loss_scale
        if delay_unscale:
            return
        optimizers = optimizers if isinstance(optimizers, (list, tuple)) else [optimizers]
        for optimizer in optimizers:
            overflow = False
            for p in self.master_params(optimizer):
                if p.grad is not None:
                    p.grad.div_(self.loss_scale)
                    overflow = overflow or not torch.isfinite(p.grad).all().item()
            if overflow:
                original = optimizer.step

                def skip_once(*args, _optimizer=optimizer, _original=original, **kwargs):
                    _optimizer.step = _original
                    return None

                optimizer.step = skip_once


amp = _Amp()
