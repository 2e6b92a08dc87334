# A continue-guarded window with no step after the loop: the micro-batches after the last
# full window are backpropagated and never stepped. Reported without a fix.
import torch.nn.functional as F


def train(model, optimizer, loader, epochs, accum=4):
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = F.mse_loss(model(x), y) / accum
            loss.backward()
            if (i + 1) % accum != 0:
                continue
            optimizer.step()
            optimizer.zero_grad()
