import torch
from torch import nn

model = nn.Linear(5, 1)
temperature = nn.Parameter(torch.ones(1))
opt = torch.optim.Adam([*model.parameters(), temperature], lr=1e-2)

for step in range(100):
    x, y = torch.randn(16, 5), torch.randn(16, 1)
    opt.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(model(x) / temperature, y)
    loss.backward(retain_graph=True)
    opt.step()
