import torch

net = torch.nn.Linear(5, 1)
for step in range(5):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    optimizer.zero_grad()
    loss = net(torch.randn(10, 5)).pow(2).mean()
    loss.backward()
    optimizer.step()
