import torch
from torch import nn

regressor = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1))
first_layer_norms = []
for features, labels in [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(3)]:
    loss = torch.nn.functional.mse_loss(regressor(features), labels)
    loss.backward()
    first_layer_norms.append(regressor[0].weight.grad.norm())
