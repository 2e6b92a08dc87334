import torch


def train(model, loader, accum):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, (x, y) in enumerate(loader):
        model.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss / accum).backward()
        if (step + 1) % accum == 0 or step == len(loader) - 1:
            optimizer.step()
