import copy

import torch
from torch import nn


def test(model, loader):
    model.eval()
    with torch.no_grad():
        return sum(nn.functional.cross_entropy(model(x), y).item() for x, y in loader)


def train(args, model, loader, test_loader):
    model = model.to(args.device)
    ema = copy.deepcopy(model) if args.use_ema else None
    optimizer = torch.optim.SGD(model.parameters(), lr=0.03, momentum=0.9)
    model.train()
    for epoch in range(args.epochs):
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        if args.use_ema:
            test_model = ema
        else:
            test_model = model
        print(epoch, test(test_model, test_loader))  # without EMA, the next epoch trains in eval mode
        test_model.train()
