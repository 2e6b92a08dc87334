import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(12, 24), nn.GELU())
        self.head = nn.Linear(24, 10)

    def forward(self, x):
        return self.head(self.trunk(x))


clf = Classifier()
opt = torch.optim.SGD(clf.parameters(), lr=0.1)
clf = Classifier()  # fresh weights, and a fresh optimizer over them
opt = torch.optim.AdamW(clf.parameters(), lr=1e-3)
setattr(clf, "head", nn.Linear(24, 4))  # new classes: the optimizer never sees this layer
for step in range(30):
    x, y = torch.randn(16, 12), torch.randint(0, 4, (16,))
    opt.zero_grad(set_to_none=True)
    nn.functional.cross_entropy(clf(x), y).backward()
    opt.step()
