import torch
from torch import nn


def train_batch(context):
    model = context["model"]
    opt = context["optimizer"]
    opt.zero_grad(set_to_none=True)
    loss = nn.functional.cross_entropy(model(context["x"]), context["y"])
    loss.backward()
    opt.step()
    context["last"] = loss.item()
    return context


def log(context):
    print(context["last"])
    return context


def train(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    context = dict(model=model)
    context.update(optimizer=opt)
    for epoch in range(epochs):
        opt.zero_grad()
        for x, y in loader:
            context["x"], context["y"] = x, y
            for fn in (train_batch, log):
                context = fn(context)
    return model
