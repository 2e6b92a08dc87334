import torch

accum_steps = 4


def train(model, optimizer, loader, epochs):
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = torch.nn.functional.mse_loss(model(x), y)
            (loss / accum_steps).backward()
            if (i + 1) % accum_steps == 0:
                optimizer.zero_grad()
                optimizer.step()
        # step on the micro-batches of an incomplete last window
        if (i + 1) % accum_steps != 0:
            optimizer.step()
