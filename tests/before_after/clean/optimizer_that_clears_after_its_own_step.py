import torch
from torch import nn


class SelfClearingAdamW(torch.optim.AdamW):
    """AdamW that empties the gradients right after applying them."""

    @torch.no_grad()
    def step(self, closure=None):
        loss = super().step(closure)
        self.zero_grad(set_to_none=True)
        return loss


def clear_after_step(optimizer, args, kwargs):
    optimizer.zero_grad(set_to_none=True)


def train(model: nn.Module, loader, head: nn.Module, head_loader, epochs: int = 3):
    optimizer = SelfClearingAdamW(model.parameters(), lr=3e-4)
    for epoch in range(epochs):
        for inputs, targets in loader:
            nn.functional.cross_entropy(model(inputs), targets).backward()
            optimizer.step()

    head_optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
    head_optimizer.register_step_post_hook(clear_after_step)
    for epoch in range(epochs):
        for features, labels in head_loader:
            nn.functional.cross_entropy(head(features), labels).backward()
            head_optimizer.step()
