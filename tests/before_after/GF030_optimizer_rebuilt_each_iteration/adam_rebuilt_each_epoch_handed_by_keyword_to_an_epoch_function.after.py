import torch


def run_epoch(loader, model, opt):
    for x, y in loader:
        opt.zero_grad()
        model(x).sum().backward()
        opt.step()


def train_kw(model, loader, epochs, lr):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    for epoch in range(epochs):
        for group in optimizer.param_groups:
            group["lr"] = lr
        run_epoch(loader, model, opt=optimizer)
        lr *= 0.95
