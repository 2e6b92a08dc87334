# The learner builds its optimizer over `self.parameters()`, which holds the backbone and a
# second submodule, the classifier; the loop clears only the backbone: the classifier's
# gradients pile up from step to step.
import torch
from torch import nn


class ReplayLearner(nn.Module):
    def __init__(self, n_in, n_out, lr=0.05, replay=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(n_in, 24), nn.ReLU())
        self.classifier = nn.Linear(24, n_out)
        self.replay = replay
        self.memory = []
        self.criterion = nn.CrossEntropyLoss()
        self.opt = torch.optim.SGD(self.parameters(), lr, momentum=0.9)

    def forward(self, x):
        return self.classifier(self.backbone(x))

    def observe(self, x, y):
        for i in range(x.size(0)):
            self.memory.append((x[i : i + 1], y[i : i + 1]))
            for bx, by in self.memory[-self.replay :]:
                self.backbone.zero_grad()
                loss = self.criterion(self.forward(bx), by)
                loss.backward()
                self.opt.step()


if __name__ == "__main__":
    learner = ReplayLearner(6, 3)
    for _ in range(3):
        learner.observe(torch.randn(5, 6), torch.randint(0, 3, (5,)))
