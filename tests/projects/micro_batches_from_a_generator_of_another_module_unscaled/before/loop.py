# An epoch loop over a loader whose batches are cut by a generator imported by name.
import torch
from torch import nn

from helpers.batching import in_chunks

model = nn.Linear(5, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
num_chunks = 2
loader = [(torch.randn(8, 5), torch.randn(8, 1)) for _ in range(4)]

for epoch in range(3):
    for xb, yb in loader:
        opt.zero_grad()
        for px, py in in_chunks(xb, yb, num_chunks):
            loss = nn.functional.mse_loss(model(px), py)
            loss.backward()
        opt.step()
