"""A model whose `forward` is decorated with a float16 autocast, trained with a `GradScaler`:
nothing to report."""
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    @torch.autocast(device_type="cuda", dtype=torch.float16)
    def forward(self, x):
        return self.fc(x)


model = Net().cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda")
for step in range(10):
    opt.zero_grad()
    loss = model(torch.randn(8, 4, device="cuda")).float().pow(2).mean()
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
