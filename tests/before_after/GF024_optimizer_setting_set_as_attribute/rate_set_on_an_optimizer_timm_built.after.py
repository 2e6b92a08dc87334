import torch
from timm.optim import create_optimizer_v2


def warmup(optimizer, it, base_lr, warm_iters):
    optimizer.lr = base_lr * min(1.0, (it + 1) / warm_iters)


def train(model, loader, epochs, base_lr=1e-3):
    optimizer = create_optimizer_v2(model, "adamw", lr=base_lr, weight_decay=0.05)
    it = 0
    for epoch in range(epochs):
        for x, y in loader:
            warmup(optimizer, it, base_lr, 500)
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
            it += 1


def probe(head, feats, labels):
    opt = create_optimizer_v2(head.parameters(), opt="sgd", lr=0.1)
    for epoch in range(30):
        if epoch == 20:
            opt.lr = 0.01
            for param_group in opt.param_groups:
                param_group["lr"] = opt.lr
        opt.zero_grad()
        torch.nn.functional.cross_entropy(head(feats), labels).backward()
        opt.step()
