# A step whose window test reads the count before it is raised (`step == 0` first: a step after
# the first micro-batch), run per batch by a `for` loop over `map` of an inline partial, and by
# one over `map` of a lambda: the `+ 1` goes into the test, as in `for b in loader: train_on(b)`.
import functools

import torch

SPAN = 4
model = torch.nn.Linear(3, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
tally = 0


def train_on(net, optimizer, chunk):
    global tally
    loss = net(chunk).pow(2).mean() / SPAN
    loss.backward()
    if tally % SPAN == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    tally += 1
    return loss.item()


def fit(net, optimizer, chunks):
    for value in map(functools.partial(train_on, net, optimizer), chunks):
        print(f"{value:.4f}")


fit(model, opt, [torch.randn(5, 3) for _ in range(8)])
for value in map(lambda c: train_on(model, opt, c), [torch.randn(5, 3) for _ in range(8)]):
    pass
