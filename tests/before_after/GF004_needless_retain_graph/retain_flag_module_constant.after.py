"""`retain_graph=KEEP_GRAPH` with a module constant bound once to `True` and read only there:
nothing backpropagates through the graph again, so keeping it alive only holds memory. The
fix removes the argument."""
import torch
import torch.nn.functional as F
from torch import nn

KEEP_GRAPH = True


def train(model, loader, optimizer):
    for inputs, targets in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()


net = nn.Linear(8, 3)
train(net, [(torch.randn(4, 8), torch.randint(0, 3, (4,)))], torch.optim.SGD(net.parameters(), lr=0.1))
