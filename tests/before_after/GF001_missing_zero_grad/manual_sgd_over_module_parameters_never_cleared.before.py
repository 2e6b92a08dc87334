# A hand-written SGD step over a module's parameters (`for p in net.parameters(): p -= lr *
# p.grad`): nothing clears their `.grad`, so every update applies the sum of all gradients
# since the loop began.
import torch
import torch.nn as nn
import torch.nn.functional as F

net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))
batches = [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(20)]
learning_rate = 0.02

for epoch in range(5):
    for inputs, targets in batches:
        loss = F.cross_entropy(net(inputs), targets)
        torch.autograd.backward(loss)
        with torch.no_grad():
            for param in net.parameters():
                param -= learning_rate * param.grad
    print(epoch, loss.item())
