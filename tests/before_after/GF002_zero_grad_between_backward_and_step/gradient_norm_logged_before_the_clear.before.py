"""The iteration measures the gradient norm for its log after the backward, then clears, then
steps: the read only makes a number, nothing is kept or written back, and the step applies
nothing."""
import torch
import torch.nn.functional as F
from torch import nn

model = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
batches = [(torch.randn(6, 6), torch.randn(6, 1)) for _ in range(10)]
for step, (x, y) in enumerate(batches):
    loss = F.mse_loss(model(x), y)
    loss.backward()
    grad_norm = sum(p.grad.norm() ** 2 for p in model.parameters() if p.grad is not None) ** 0.5
    print(step, grad_norm.item())
    optimizer.zero_grad()
    optimizer.step()
