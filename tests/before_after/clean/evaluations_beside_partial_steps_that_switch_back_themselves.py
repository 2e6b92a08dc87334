import functools

import torch
import torch.nn.functional as F


def validate(net, data):
    net.eval()
    with torch.no_grad():
        return sum(F.cross_entropy(net(x), y).item() for x, y in data)


def train_step(x, y, *, model, opt):
    model.train()
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def run(model, loader, val_data, epochs=3):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(epochs):
        step = functools.partial(train_step, model=model, opt=optimizer)
        for x, y in loader:
            step(x, y)
        print(epoch, validate(model, val_data))
    return model


def set_mode(module, training):
    module.train(training)


def update(x, y, module, opt):
    opt.zero_grad()
    F.cross_entropy(module(x), y).backward()
    opt.step()


def run_scheduled(model, loader, val_data, trainer, epochs=3):
    # the partial of a function that switches the module back, handed on and never called here
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    model.train()
    for epoch in range(epochs):
        resume = functools.partial(set_mode, model, True)
        trainer.at_next_batch(resume)
        for x, y in loader:
            update(x, y, model, optimizer)
        print(epoch, validate(model, val_data))
    return model
