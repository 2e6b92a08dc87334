import torch
from torch import nn


def _descend(encoder, optimiser, batch, labels):
    optimiser.zero_grad(set_to_none=True)
    logits = encoder(batch)
    task = nn.functional.cross_entropy(logits, labels)
    penalty = 0.01 * logits.pow(2).mean()
    total_loss = task + penalty
    total_loss.backward()
    optimiser.step()


class Routine:
    descend = staticmethod(_descend)

    def __init__(self, encoder):
        self.encoder = encoder
        self.optimiser = torch.optim.SGD(encoder.parameters(), lr=0.05)

    def epoch(self, batches):
        n = 0
        while n < len(batches):
            self.descend(self.encoder, self.optimiser, *batches[n])
            n += 1
