import torch

net = torch.nn.Linear(3, 1)
opt = torch.optim.RAdam(net.parameters(), lr=0.01)
for x, y in data:
    opt.zero_grad()
    torch.nn.functional.l1_loss(net(x), y).backward()
    opt.step()
