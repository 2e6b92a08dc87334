# A continue-guarded accumulation window done right: each loss divided by the window, the clear
# after the step, the tail flushed after the loop.
import torch.nn.functional as F


def train(model, optimizer, loader, epochs, accum=4):
    for epoch in range(epochs):
        optimizer.zero_grad()
        for i, (x, y) in enumerate(loader):
            loss = F.mse_loss(model(x), y) / accum
            loss.backward()
            if (i + 1) % accum != 0:
                continue
            optimizer.step()
            optimizer.zero_grad()
        if (i + 1) % accum != 0:
            optimizer.step()
            optimizer.zero_grad()
