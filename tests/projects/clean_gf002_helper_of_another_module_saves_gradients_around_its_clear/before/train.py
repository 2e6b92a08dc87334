import torch
import torch.nn.functional as F

from steps import backpropagate

net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
for epoch in range(3):
    for inputs, targets in [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(4)]:
        loss = F.cross_entropy(net(inputs), targets)
        backpropagate(loss, optimizer, net)
        optimizer.step()
