import torch
from torch import nn


def train(model: nn.Module, loader, epochs: int, accum: int = 4) -> None:
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for epoch in range(epochs):
        for step, (inputs, targets) in enumerate(loader):
            loss = nn.functional.cross_entropy(model(inputs), targets)
            if not torch.isfinite(loss):
                # a bad batch: drop what the window gathered so far and go on
                optimizer.zero_grad(set_to_none=True)
                continue
            (loss / accum).backward()
            if (step + 1) % accum == 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
