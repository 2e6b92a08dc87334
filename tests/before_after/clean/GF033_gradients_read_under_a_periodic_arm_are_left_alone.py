"""The backward and the reads run only on every other batch (`if step % 2 == 0:`): not a test
that holds for the whole loop, so which batches add up is the author's choice. Silent."""
import torch
from torch import nn


def probe(net, batches):
    norms = []
    for step, (x, y) in enumerate(batches):
        if step % 2 == 0:
            nn.functional.mse_loss(net(x), y).backward()
            norms.append(sum(float(p.grad.norm()) for p in net.parameters()))
    return norms


probe(nn.Linear(2, 1), [(torch.randn(2, 2), torch.randn(2, 1))] * 4)
