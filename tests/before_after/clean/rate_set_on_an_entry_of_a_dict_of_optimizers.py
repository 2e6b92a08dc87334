# The hand fix: the rate of an entry of a dict of optimizers written into its groups.
import torch
import torch.nn.functional as F

net = torch.nn.Linear(3, 1)
opts = {"main": torch.optim.SGD(net.parameters(), lr=0.1)}
data = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
for epoch in range(20):
    for group in opts["main"].param_groups:
        group["lr"] = 0.1 * 0.5 ** epoch
    for x, y in data:
        opts["main"].zero_grad()
        F.mse_loss(net(x), y).backward()
        opts["main"].step()
