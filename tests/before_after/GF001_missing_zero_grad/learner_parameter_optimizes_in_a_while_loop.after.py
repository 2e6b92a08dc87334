import torch
import torch.nn as nn


class Learner:
    def __init__(self, net, lr=1e-2):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)

    def optimize(self, batch):
        self.opt.zero_grad(set_to_none=True)
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


def fit(learner, batches, max_steps):
    step = 0
    it = iter(batches)
    while step < max_steps:
        learner.optimize(next(it))
        step += 1


if __name__ == "__main__":
    fit(Learner(nn.Linear(3, 1)), [(torch.randn(4, 3), torch.randn(4, 1))] * 10, 10)
