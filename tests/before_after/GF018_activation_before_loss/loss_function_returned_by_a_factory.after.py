"""Loss factories of the file return torch's loss functions themselves, not module instances:
`F.cross_entropy`, a name bound to `cross_entropy` (imported from torch) and a
`functools.partial` over it. The training loop (a `while` loop in a method) feeds softmax
probabilities to each: the softmax is dropped."""
import functools

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.functional import cross_entropy


def get_criterion():
    return F.cross_entropy


def make_aux_loss():
    loss_fn = cross_entropy
    return loss_fn


def smoothed_loss(eps):
    return functools.partial(cross_entropy, label_smoothing=eps)


class Trainer:
    def __init__(self, model, head):
        self.model = model
        self.head = head
        self.optimizer = torch.optim.SGD(list(model.parameters()) + list(head.parameters()), lr=0.1)

    def fit(self, batches, max_steps):
        crit = get_criterion()
        aux = make_aux_loss()
        step = 0
        while step < max_steps:
            x, y = batches[step % len(batches)]
            self.optimizer.zero_grad()
            features = self.model(x)
            loss = crit(features, y)
            loss = loss + 0.5 * aux(self.head(features), y)
            loss = loss + smoothed_loss(0.1)(features, y)
            loss.backward()
            self.optimizer.step()
            step += 1


Trainer(nn.Linear(6, 3), nn.Linear(3, 3)).fit([(torch.randn(4, 6), torch.randint(0, 3, (4,)))], 3)
