import torch

net = torch.nn.Linear(3, 1)
for x, y in data:
    with torch.autograd.set_detect_anomaly(True):
        opt = torch.optim.Adamax(net.parameters(), lr=0.01)
        opt.zero_grad()
        torch.nn.functional.l1_loss(net(x), y).backward()
        opt.step()
