import schedulefree
import torch

net = torch.nn.Linear(5, 1)
sgd = schedulefree.SGDScheduleFree(net.parameters(), lr=0.2)
sgd.train()
for epoch in range(3):
    for group in sgd.param_groups:
        group["lr"] = 0.2 * 0.5 ** epoch
    for _ in range(10):
        x = torch.randn(4, 5)
        sgd.zero_grad()
        net(x).pow(2).mean().backward()
        sgd.step()
sgd.eval()
