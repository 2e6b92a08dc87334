import torch

accum = 4


def train(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
    if (i + 1) % accum != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
