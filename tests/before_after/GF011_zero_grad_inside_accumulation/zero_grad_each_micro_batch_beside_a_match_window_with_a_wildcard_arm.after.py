import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
accum_steps = 4
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(12)]

for i, (x, y) in enumerate(loader):
    loss = nn.functional.mse_loss(model(x), y) / accum_steps
    loss.backward()
    match (i + 1) % accum_steps:
        case 0:
            optimizer.step()
            optimizer.zero_grad()
        case _:
            print("accumulating", i)
