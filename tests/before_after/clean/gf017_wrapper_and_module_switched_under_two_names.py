# Correct: `train()` and `eval()` are called on two names of one module (the compiled or
# data-parallel wrapper runs the original's submodules): the original switches back what the
# wrapper's evaluation switched off, and the other way round.
import torch
import torch.nn.functional as F


def fit_compiled(model, optimizer, loader, val_loader, epochs):
    compiled = torch.compile(model)
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(compiled(x), y).backward()
            optimizer.step()
        compiled.eval()
        with torch.no_grad():
            for x, y in val_loader:
                compiled(x)


def fit_parallel(net, optimizer, loader, val_loader, epochs, device):
    model = torch.nn.DataParallel(net).to(device)
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
        net.eval()
        with torch.no_grad():
            for x, y in val_loader:
                net(x)
