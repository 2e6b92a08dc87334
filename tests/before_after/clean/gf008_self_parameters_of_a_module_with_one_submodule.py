# A continual learner whose only submodule is `self.backbone` builds its optimizer over
# `self.parameters()` (exactly the backbone's) and clears with `self.backbone.zero_grad()`.
# The other attributes hold no parameters: numbers, a replay list, a loss, the optimizer.
import torch
from torch import nn


class ReplayLearner(nn.Module):
    def __init__(self, n_in, n_out, lr=0.05, replay=4, epochs_per_sample=2):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(n_in, 24), nn.ReLU(), nn.Linear(24, n_out))
        self.replay = replay
        self.epochs_per_sample = epochs_per_sample
        self.memory = []
        self.seen = 0
        self.criterion = nn.CrossEntropyLoss()
        self.opt = torch.optim.SGD(self.parameters(), lr, momentum=0.9)

    def forward(self, x):
        return self.backbone(x)

    def observe(self, x, y):
        for i in range(x.size(0)):
            self.seen += 1
            self.memory.append((x[i : i + 1], y[i : i + 1]))
            for _ in range(self.epochs_per_sample):
                for bx, by in self.memory[-self.replay :]:
                    self.backbone.zero_grad()
                    loss = self.criterion(self.forward(bx), by)
                    loss.backward()
                    self.opt.step()


if __name__ == "__main__":
    learner = ReplayLearner(6, 3)
    for _ in range(3):
        learner.observe(torch.randn(5, 6), torch.randint(0, 3, (5,)))
