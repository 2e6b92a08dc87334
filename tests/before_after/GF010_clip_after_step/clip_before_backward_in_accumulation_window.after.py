import torch
from torch import nn


def train(model, loader, accum_steps=4, max_norm=1.0):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.cross_entropy(model(x), y) / accum_steps
        loss.backward()
        if (step + 1) % accum_steps == 0 or step + 1 == len(loader):
            nn.utils.clip_grad_norm_(model.parameters(), max_norm)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
