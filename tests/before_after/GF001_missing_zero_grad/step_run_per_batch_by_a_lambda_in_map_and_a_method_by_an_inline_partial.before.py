# A step function that never clears, run once per batch by a lambda handed to `map`, and a
# method of a learner run per batch by an inline `functools.partial` handed to `map` in a
# method: each reads as `for b in loader: step(b)`; the clear goes inside the step, as there.
import functools

import torch
import torch.nn as nn

regressor = nn.Linear(5, 1)
sgd = torch.optim.SGD(regressor.parameters(), lr=0.01)
batches = [(torch.randn(16, 5), torch.randn(16, 1)) for _ in range(6)]


def regress(net, optimizer, pair):
    features, target = pair
    loss = nn.functional.mse_loss(net(features), target)
    loss.backward()
    optimizer.step()
    return loss.item()


history = list(map(lambda pair: regress(regressor, sgd, pair), batches))


class Learner:
    def __init__(self, width):
        self.net = nn.Sequential(nn.Linear(5, width), nn.ReLU(), nn.Linear(width, 1))
        self.adam = torch.optim.Adam(self.net.parameters(), lr=1e-3)

    def update(self, scale, pair):
        features, target = pair
        loss = nn.functional.smooth_l1_loss(self.net(features) * scale, target)
        loss.backward()
        self.adam.step()
        return loss.item()

    def epoch(self, pairs):
        return sum(map(functools.partial(self.update, 1.0), pairs))


Learner(32).epoch(batches)
