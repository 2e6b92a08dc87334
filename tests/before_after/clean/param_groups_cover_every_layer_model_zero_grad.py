import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
# one optimizer over both parametrised layers (the Tanh has none), with their own
# learning rates: `model.zero_grad()` clears exactly what the optimizer steps
optimizer = torch.optim.SGD(
    [{"params": model[0].parameters()}, {"params": model[2].parameters(), "lr": 0.05}],
    lr=0.1,
    momentum=0.5,
)
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
for epoch in range(2):
    for x, y in loader:
        model.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
