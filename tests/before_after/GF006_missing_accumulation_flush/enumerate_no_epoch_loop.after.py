import torch


def train(model, loader, criterion, accum_steps=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y) / accum_steps
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % accum_steps != 0:
        optimizer.step()
        optimizer.zero_grad()
    return model
