import torch
from torch import nn

net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)


def update(batch):
    xb, yb = batch
    opt.zero_grad()
    err = nn.functional.mse_loss(net(xb), yb)
    err.backward(retain_graph=True)
    opt.step()
    return err


def run_epoch(batches):
    last = None
    for batch in batches:
        last = update(batch)
    return last


data = [(torch.randn(3, 5), torch.randn(3, 1)) for _ in range(4)]
step = 0
while step < 3:
    final = run_epoch(data)
    print(f"{step}: {final:.4f}", float(final))
    step += 1
