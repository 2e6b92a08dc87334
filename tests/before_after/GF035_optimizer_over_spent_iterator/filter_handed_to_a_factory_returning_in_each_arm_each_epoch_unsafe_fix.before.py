import torch
import torch.nn.functional as F


def build_optimizer(weights, kind, lr):
    if kind == "sgd":
        return torch.optim.SGD(weights, lr=lr, momentum=0.9)
    return torch.optim.AdamW(weights, lr=lr)


def train(model, loader, epochs, kind):
    trainable = filter(lambda p: p.requires_grad, model.parameters())
    lr = 0.1
    for epoch in range(epochs):
        optimizer = build_optimizer(trainable, kind, lr)
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            F.mse_loss(model(x), y).backward()
            optimizer.step()
        lr *= 0.5
