import torch
from timm.optim import create_optimizer_v2
from torch import nn

from engine import Learner

net = nn.Sequential(nn.Linear(6, 12), nn.Dropout(0.2), nn.Linear(12, 2))
learner = Learner(net, create_optimizer_v2(net, "adamw", lr=1e-3))
xb, yb = torch.randn(16, 6), torch.randn(16, 2)
for it in range(30):
    learner.fit_batch(xb, yb)
    if it % 10 == 0:
        print(it, learner.score(xb, yb))
        net.train()
