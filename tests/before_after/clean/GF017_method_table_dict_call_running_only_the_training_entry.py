import torch
from torch import nn


class Loop:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.5))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.modes = dict(learn=self.learn, score=self.score)

    def learn(self, data):
        for x, y in data:
            self.opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(self.model(x), y).backward()
            self.opt.step()

    def score(self, data):
        self.model.eval()
        with torch.no_grad():
            return [self.model(x) for x, _ in data]


loop = Loop()
batches = [(torch.randn(2, 3), torch.randn(2, 3))]
for epoch in range(4):
    loop.modes["learn"](batches)
    loop.learn(batches)
