import torch
from torch import nn


def backward_step(loss, optimizer, do_step):
    loss.backward()
    if do_step:
        optimizer.step()  # never cleared: each window adds to every window before it


model = nn.Linear(8, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,)))] * 16
for i, (x, y) in enumerate(loader):
    loss = nn.functional.cross_entropy(model(x), y) / 4
    backward_step(loss, optimizer, do_step=(i + 1) % 4 == 0)
