# Correct: the optimizer steps a part of the model (`net[1]`), and the whole model is cleared
# right after each window's step, never in between.
import torch
from torch import nn

net = nn.Sequential(nn.Linear(6, 6), nn.Linear(6, 2))
opt = torch.optim.SGD(net[1].parameters(), lr=0.1)
ACC = 4


def train(loader):
    for i, (x, y) in enumerate(loader):
        (nn.functional.mse_loss(net(x), y) / ACC).backward()
        if (i + 1) % ACC == 0:
            opt.step()
            net.zero_grad()
    if (i + 1) % ACC != 0:
        opt.step()
        net.zero_grad()
