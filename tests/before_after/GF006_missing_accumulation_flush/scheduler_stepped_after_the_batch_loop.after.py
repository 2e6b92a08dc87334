# A per-epoch learning-rate scheduler steps after the batch loop: it applies no gradient,
# the micro-batches after the last full window are still never stepped.
import torch
from torch import nn

ACCUM_STEPS = 4


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
    for epoch in range(epochs):
        model.train()
        optimizer.zero_grad()
        i = -1  # the flush after the loop reads it, also when the loop runs no batch
        for i, (x, y) in enumerate(loader):
            loss = nn.functional.mse_loss(model(x), y)
            (loss / ACCUM_STEPS).backward()
            if (i + 1) % ACCUM_STEPS == 0:
                optimizer.step()
                optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (i + 1) % ACCUM_STEPS != 0:
            optimizer.step()
            optimizer.zero_grad()
        lr_scheduler.step()
        print(epoch, loss.item())
