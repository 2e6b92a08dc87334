import torch

net = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
optim = torch.optim.SGD(net.parameters(), lr=0.01)

for i, (x, y) in enumerate(batches):
    loss = ((net(x) - y) ** 2).mean()
    loss.backward()
    if i % 8 == 7 or i == len(batches) - 1:
        optim.step()
        optim.zero_grad()
