import torch
from torch import nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
smooth = 0.0
smooth_b = 0.0

for epoch in range(3):
    for x, y in data:
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        smooth = 0.9 * smooth + 0.1 * loss  # keeps every step's graph through the chain
        smooth_b = smooth_b * 0.9 + loss * 0.1
    print(epoch, float(smooth), float(smooth_b))
