import torch
from torch import nn

amp_dtype = torch.bfloat16
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda", enabled=(amp_dtype == torch.float16))


def train(loader):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=amp_dtype):
            loss = nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # nothing is scaled in bf16
        scaler.step(optimizer)
        scaler.update()
