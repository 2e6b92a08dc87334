import torch


def train(model, loader, optimizer, accumulation_steps):
    for i, (x, y) in enumerate(loader):
        if i % accumulation_steps == 0:
            optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        (loss * (1 / accumulation_steps)).backward()
        if (i + 1) % accumulation_steps == 0 or (i + 1) == len(loader):
            optimizer.step()
