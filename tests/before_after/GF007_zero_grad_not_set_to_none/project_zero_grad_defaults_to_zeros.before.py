"""The project's optimizer group clears to zero tensors unless told otherwise: its bare
`zero_grad()` is not torch 2's `set_to_none=True`, so the rewrite is only offered as unsafe
(Adam applies momentum and weight decay to a zero gradient, and skips a `None` one)."""
import torch


class OptimizerGroup:
    def __init__(self, *optimizers):
        self.members = list(optimizers)

    def zero_grad(self, set_to_none: bool = False):
        for member in self.members:
            member.zero_grad(set_to_none=set_to_none)

    def step(self):
        for member in self.members:
            member.step()


def fit(encoder, head, batches, epochs):
    group = OptimizerGroup(torch.optim.Adam(encoder.parameters()), torch.optim.AdamW(head.parameters(), weight_decay=0.1))
    for _ in range(epochs):
        for inputs, targets in batches:
            group.zero_grad()
            loss = torch.nn.functional.mse_loss(head(encoder(inputs)), targets)
            loss.backward()
            group.step()
