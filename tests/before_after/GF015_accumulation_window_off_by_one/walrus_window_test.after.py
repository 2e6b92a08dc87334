# The window's test binds its value with a walrus (`if (do_step := step % accum == 0):`): it is
# read as the plain test, true on the first micro-batch. The counter inside the walrus is fixed.
import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-3)
accum = 4


def train_epoch(loader):
    for step, (features, labels) in enumerate(loader):
        loss = nn.functional.cross_entropy(encoder(features), labels) / accum
        loss.backward()
        if (do_step := (step + 1) % accum == 0):
            optimizer.step()
            optimizer.zero_grad()
        if do_step:
            print("update", step)
