import functools

import torch

N_ACC = 4


def train(net, loss_fn, batches, epochs):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)

    def fold(k, pair):
        features, labels = pair
        loss = loss_fn(net(features), labels) / N_ACC
        loss.backward()
        if not k % N_ACC:
            opt.step()
            opt.zero_grad(set_to_none=True)
        return k + 1

    for _ in range(epochs):
        seen = functools.reduce(fold, batches, 0)
        if seen % N_ACC != 1:
            opt.step()
            opt.zero_grad(set_to_none=True)
