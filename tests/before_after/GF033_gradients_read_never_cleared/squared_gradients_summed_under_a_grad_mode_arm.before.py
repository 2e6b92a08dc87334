"""A saliency estimate: each batch is backpropagated and the squared gradients added into a
dict kept across batches, all inside `if torch.is_grad_enabled():` (the loop never switches the
grad mode itself, so the arm runs on every batch or on none). Nothing clears the gradients, so
each batch adds the sum of all earlier ones. Reported; the fix (unsafe) clears the module at
the top of each iteration."""
import torch
from torch import nn


class Saliency:
    def __init__(self, net):
        self.net = net
        self.scores = {name: torch.zeros_like(p) for name, p in net.named_parameters()}

    def collect(self, batches):
        for feats, labels in batches:
            if torch.is_grad_enabled():
                nn.functional.cross_entropy(self.net(feats), labels).backward()
                for name, p in self.net.named_parameters():
                    self.scores[name] += p.grad.detach().abs()
        return self.scores


Saliency(nn.Linear(5, 3)).collect([(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(3)])
