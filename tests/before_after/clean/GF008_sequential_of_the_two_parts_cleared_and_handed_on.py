import torch
import torch.nn as nn


def export(module):
    torch.save(module.state_dict(), "model.pt")


encoder = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
head = nn.Linear(16, 2)
model = nn.Sequential(encoder, head)
optimizer = torch.optim.SGD(list(encoder.parameters()) + list(head.parameters()), lr=0.1)
for step in range(50):
    x, y = torch.randn(4, 8), torch.randn(4, 2)
    loss = ((model(x) - y) ** 2).mean()
    # the Sequential holds both parts: clearing it clears all the optimizer steps
    model.zero_grad()
    loss.backward()
    optimizer.step()
export(encoder)
export(model)
