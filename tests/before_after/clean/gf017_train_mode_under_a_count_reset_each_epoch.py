# The tests before `train()` hold at the start of every epoch: the count is reset each epoch
# (`seen = 0` at its top), or the test is not one of a count only going up (`% 1 == 0`, a
# count kept outside the loop and never raised in it).
import torch
import torch.nn as nn


def fit(model: nn.Module, loader, val_loader, epochs: int) -> None:
    adam = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        seen = 0
        if seen == 0:
            model.train()
        for inputs, targets in loader:
            adam.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(inputs), targets).backward()
            adam.step()
            seen += 1
        model.eval()
        with torch.no_grad():
            print(sum(nn.functional.mse_loss(model(x), y).item() for x, y in val_loader))


def tune(model: nn.Module, loader, val_loader, epochs: int, resumed: int = 0) -> None:
    sgd = torch.optim.SGD(model.parameters(), lr=0.01)
    step = 0
    epoch = 0
    while epoch < epochs:
        if step % 1 == 0:
            model.train()
        if resumed == 0:
            model.train()
        for inputs, targets in loader:
            sgd.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(inputs), targets).backward()
            sgd.step()
            step += 1
        model.eval()
        with torch.no_grad():
            print(sum(nn.functional.mse_loss(model(x), y).item() for x, y in val_loader))
        epoch += 1
