import torch

CONFIG = {"optimizer": "AdamW", "optimizer_args": {"lr": 1e-3, "weight_decay": 0.01}, "epochs": 4}


def train(model, loader, cfg):
    optimizer = getattr(torch.optim, cfg["optimizer"])(model.parameters(), **cfg["optimizer_args"])
    for epoch in range(cfg["epochs"]):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        optimizer.lr = 1e-3 * 0.5 ** (epoch + 1)
        for param_group in optimizer.param_groups:
            param_group["lr"] = optimizer.lr


train(torch.nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1))], CONFIG)
