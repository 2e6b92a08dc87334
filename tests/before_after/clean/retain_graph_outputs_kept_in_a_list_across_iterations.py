import torch
from torch import nn

encoder = nn.Linear(3, 1)
optimizer = torch.optim.Adam(encoder.parameters(), lr=0.01)
outputs = []
for t in range(100):
    outputs.append(encoder(torch.randn(4, 3)).mean())
    loss = sum(outputs) ** 2  # every earlier output's graph is walked again
    optimizer.zero_grad(set_to_none=True)
    loss.backward(retain_graph=True)
    optimizer.step()
