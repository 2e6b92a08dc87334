import torch
from torch import nn

model = nn.Linear(5, 1)
gate_logits = nn.Parameter(torch.zeros(5))
gate = torch.softmax(gate_logits, dim=0) * 5
opt = torch.optim.Adam(model.parameters(), lr=1e-2)

for step in range(100):
    x, y = torch.randn(16, 5), torch.randn(16, 1)
    opt.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(model(x * gate), y)
    loss.backward(retain_graph=True)
    opt.step()
