# The window is written as a guard that ends the other micro-batches early; every micro-batch
# backpropagates its full loss, so each step applies the sum of `accum_steps` gradients.
import torch.nn.functional as F


def train(model, optimizer, loader, accum_steps):
    model.train()
    for epoch in range(3):
        optimizer.zero_grad()
        for i, (x, y) in enumerate(loader):
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            if (i + 1) % accum_steps != 0:
                continue
            optimizer.step()
            optimizer.zero_grad()
