import torch
import torch.nn.functional as F

ACCUM_STEPS = 4


def train(model, loader, epochs=1):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for _ in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = F.cross_entropy(model(x), y) / ACCUM_STEPS
            if not torch.isfinite(loss):
                continue
            loss.backward()
            if (i + 1) % ACCUM_STEPS == 0 or i + 1 == len(loader):
                optimizer.step()
                optimizer.zero_grad()
