import functools

import torch
import torch.nn.functional as F


def validate(net, data):
    net.eval()
    with torch.no_grad():
        return sum(F.cross_entropy(net(x), y).item() for x, y in data)


def train_step(x, y, *, model, opt):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def run(model, loader, val_data, epochs=3):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    model.train()
    for epoch in range(epochs):
        step = functools.partial(train_step, model=model, opt=optimizer)
        for x, y in loader:
            step(x, y)
        score = validate(model, val_data)
        model.train()
        print(epoch, score)
    return model
