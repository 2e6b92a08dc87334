import torch
from torch import nn

net = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
cosine = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10)
opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=0.01)
history = []


def one_update(inputs, target):
    global history
    opt.zero_grad()
    loss = nn.functional.mse_loss(net(inputs), target)
    loss.backward()
    opt.step()
    history = history + [loss.item()]


def one_round(batches):
    for inputs, target in batches:
        one_update(inputs, target)
    cosine.step()


rounds = 0
while rounds < 10:
    one_round([(torch.randn(4, 3), torch.randn(4, 1))])
    rounds += 1
