import torch

OPTIMIZERS = {"sgd": torch.optim.SGD, "adamw": torch.optim.AdamW}


def make_optimizer(name, model):
    return OPTIMIZERS[name](model.parameters(), lr=0.1)


def run(model, loader, epochs=3):
    model.head = torch.nn.Linear(4, 1)
    optimizer = make_optimizer("sgd", model)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        for group in optimizer.param_groups:
            group["lr"] = 0.1 / (epoch + 2)
