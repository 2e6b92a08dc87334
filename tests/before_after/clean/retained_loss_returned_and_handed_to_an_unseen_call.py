import torch
from torch import nn

from curvature import probe_hessian  # may walk the graph again: not visible here


class Learner:
    def __init__(self) -> None:
        self.net = nn.Linear(5, 1)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.01)

    def learn(self, xb, yb):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.net(xb), yb)
        loss.backward(retain_graph=True)
        self.opt.step()
        return loss

    def run(self, batches) -> None:
        for xb, yb in batches:
            loss = self.learn(xb, yb)
            print(f"{loss.item():.3f}")
            probe_hessian(loss, list(self.net.parameters()))


Learner().run([(torch.randn(3, 5), torch.randn(3, 1))] * 4)
