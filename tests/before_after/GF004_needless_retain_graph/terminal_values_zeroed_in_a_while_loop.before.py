import torch
import torch.nn as nn


def sample(store, k):
    pick = torch.randint(0, store["s"].shape[0], (k,))
    return store["s"][pick], store["r"][pick], store["s2"][pick], store["stop"][pick]


value_net = nn.Linear(3, 1)
target_net = nn.Linear(3, 1)
optim = torch.optim.SGD(value_net.parameters(), lr=0.01)
store = {"s": torch.randn(100, 3), "r": torch.randn(100), "s2": torch.randn(100, 3), "stop": torch.rand(100) > 0.9}
updates = 0
while updates < 50:
    s, r, s2, stop = sample(store, 16)
    nxt = target_net(s2).view(-1).detach()
    nxt[stop] = 0
    v = value_net(s).view(-1)
    err = ((r + 0.9 * nxt - v) ** 2).mean()
    optim.zero_grad()
    err.backward(retain_graph=True)
    optim.step()
    updates += 1
