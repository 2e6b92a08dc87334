import torch
from torch import nn

encoder = nn.Linear(8, 8)
head = nn.Linear(8, 1)
opt = torch.optim.SGD(head.parameters(), lr=0.1)
basis = encoder.weight / encoder.weight.norm(dim=1, keepdim=True)

for step in range(50):
    x, y = torch.randn(4, 8), torch.randn(4, 1)
    opt.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(head(x @ basis.T), y)
    loss.backward(retain_graph=True)
    opt.step()
