import torch


def train(model, loader, epochs, base_lr):
    epoch = 0
    opt = torch.optim.SGD(model.parameters(), base_lr * 0.1 ** (epoch // 30), momentum=0.9)
    while epoch < epochs:
        for group in opt.param_groups:
            group["lr"] = base_lr * 0.1 ** (epoch // 30)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        epoch += 1
