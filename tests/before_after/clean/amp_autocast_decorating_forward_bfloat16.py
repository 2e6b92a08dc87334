"""A model whose `forward` is decorated with a bfloat16 autocast, trained without a loss
scaler (bfloat16 has float32's range and needs none): nothing to report."""
import torch
import torch.nn as nn


class Wide(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    @torch.autocast(device_type="cuda", dtype=torch.bfloat16)
    def forward(self, x):
        return self.fc(x)


model = Wide().cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(10):
    opt.zero_grad()
    model(torch.randn(8, 4, device="cuda")).float().pow(2).mean().backward()
    opt.step()
