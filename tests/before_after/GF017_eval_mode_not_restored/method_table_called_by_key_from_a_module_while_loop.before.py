import torch
import torch.nn.functional as F
from torch import nn


class Runner:
    def __init__(self, width):
        self.net = nn.Sequential(nn.Linear(4, width), nn.Dropout(0.2), nn.Linear(width, 1))
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=1e-3)
        self.stages = {"fit": self.fit_epoch, "check": self.validate}

    def fit_epoch(self, batches):
        for inputs, targets in batches:
            self.optimizer.zero_grad(set_to_none=True)
            F.mse_loss(self.net(inputs), targets).backward()
            self.optimizer.step()

    def validate(self, batches):
        self.net.eval()
        with torch.no_grad():
            return sum(F.mse_loss(self.net(x), y).item() for x, y in batches)


runner = Runner(8)
data = [(torch.randn(2, 4), torch.randn(2, 1))]
rounds = 0
while rounds < 5:
    for stage in ("fit", "check"):
        runner.stages[stage](data)
    rounds += 1
