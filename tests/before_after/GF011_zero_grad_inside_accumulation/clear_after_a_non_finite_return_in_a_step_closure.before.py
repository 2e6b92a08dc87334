import torch
from torch import nn

ACCUM = 4


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(epochs):

        def train_step(i, batch):
            x, y = batch
            loss = nn.functional.mse_loss(model(x), y) / ACCUM
            if not torch.isfinite(loss):
                return float("nan")
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            if (i + 1) % ACCUM == 0:
                optimizer.step()
            return loss.item()

        losses = [train_step(i, batch) for i, batch in enumerate(loader)]
        print(epoch, losses[-1])
