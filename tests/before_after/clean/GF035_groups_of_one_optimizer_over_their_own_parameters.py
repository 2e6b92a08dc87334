import torch
import torch.nn.functional as F


def build(model, lr):
    decay = (p for n, p in model.named_parameters() if p.ndim > 1)
    no_decay = (p for n, p in model.named_parameters() if p.ndim <= 1)
    opt = torch.optim.AdamW([{"params": decay}, {"params": no_decay, "weight_decay": 0.0}], lr=lr)
    head = filter(lambda p: p.requires_grad, model.head.parameters())
    opt.add_param_group({"params": head, "lr": lr * 10})
    return opt


def two_optimizers(model, lr):
    shared = list(filter(lambda p: p.requires_grad, model.parameters()))
    first = torch.optim.SGD(model.body.parameters(), lr=lr)
    first.add_param_group({"params": shared})
    second = torch.optim.Adam(model.head.parameters(), lr=lr)
    return first, second


def train(model, loader, lr):
    opt = build(model, lr)
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        F.mse_loss(model(x), y).backward()
        opt.step()
