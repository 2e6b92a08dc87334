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
