import torch
from torch import nn

AMP_DTYPE = torch.float16
DEVICE = "cuda"

model = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 10)).to(DEVICE)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)


def train(loader):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast(DEVICE, dtype=AMP_DTYPE):
            loss = nn.functional.cross_entropy(model(x.to(DEVICE)), y.to(DEVICE))
        loss.backward()
        optimizer.step()
