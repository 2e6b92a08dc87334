import torch

net = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
ACCUM = 4


def window_loss(out, y):
    # divided here by the window of four micro-batches
    return torch.nn.functional.mse_loss(out, y) / 4.0


for i, (x, y) in enumerate(loader):
    window_loss(net(x), y).backward()
    if (i + 1) % ACCUM == 0 or (i + 1) == len(loader):
        opt.step()
        opt.zero_grad()
