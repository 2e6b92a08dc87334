"""Small shared pieces for the library proofs: a seeded linear model and its data.

Every proof compares what a library did to ``.grad`` or to the weights with what plain
torch does by hand, so the numbers must be reproducible: a fixed seed, float64 where a
comparison must be exact up to the order of additions, one thread.
"""

from __future__ import annotations

import hashlib

import torch

torch.set_num_threads(1)


def batches(count: int, size: int = 4, features: int = 3, seed: int = 0) -> list[tuple[torch.Tensor, torch.Tensor]]:
    generator = torch.Generator().manual_seed(seed)
    return [
        (torch.randn(size, features, generator=generator), torch.randn(size, 1, generator=generator))
        for _ in range(count)
    ]


def linear(features: int = 3, seed: int = 0) -> torch.nn.Linear:
    torch.manual_seed(seed)
    return torch.nn.Linear(features, 1)


def mse(model: torch.nn.Module, batch: tuple[torch.Tensor, torch.Tensor]) -> torch.Tensor:
    x, y = batch
    return torch.nn.functional.mse_loss(model(x), y)


def grads(model: torch.nn.Module) -> list[torch.Tensor | None]:
    return [None if p.grad is None else p.grad.detach().clone() for p in model.parameters()]


def weights(model: torch.nn.Module) -> list[torch.Tensor]:
    return [p.detach().clone() for p in model.parameters()]


def same(a: list[torch.Tensor | None], b: list[torch.Tensor | None], *, exact: bool = False) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x is None or y is None:
            if x is not y:
                return False
        elif exact:
            if not torch.equal(x, y):
                return False
        elif not torch.allclose(x, y, rtol=1e-6, atol=1e-7):
            return False
    return True


def digest(model: torch.nn.Module) -> str:
    sha = hashlib.sha256()
    for tensor in model.parameters():
        sha.update(tensor.detach().to(torch.float32).contiguous().numpy().tobytes())
    return sha.hexdigest()
