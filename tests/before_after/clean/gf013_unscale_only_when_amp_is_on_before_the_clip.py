import torch
from torch import nn

use_amp = torch.cuda.is_available()
model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
for it in range(10):
    x, y = torch.randn(8, 4), torch.randint(0, 2, (8,))
    optimizer.zero_grad(set_to_none=True)
    scaler.scale(nn.functional.cross_entropy(model(x), y)).backward()
    if use_amp:
        scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
