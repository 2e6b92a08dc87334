import torch
import torch.nn as nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(1, 20), nn.Tanh(), nn.Linear(20, 1))
opt = torch.optim.LBFGS(net.parameters(), lr=1.0, max_iter=20)
x = torch.linspace(0, 1, 64).unsqueeze(1).requires_grad_(True)


def closure():
    u = net(x)
    du = torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]
    loss = (du - torch.cos(3 * x)).pow(2).mean() + net(torch.zeros(1, 1)).pow(2).mean()
    loss.backward()
    return loss


for it in range(10):
    opt.zero_grad()
    loss = opt.step(closure)
print(loss.item())
