import torch
from torch import nn

OPTIMIZERS = {"sgd": torch.optim.SGD, "adamw": torch.optim.AdamW}


def make_optimizer(cfg, model):
    return OPTIMIZERS[cfg.name](model.parameters(), lr=cfg.lr)


def fit(cfg, loader):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    optimizer = make_optimizer(cfg, model)
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
        loss.backward(retain_graph=True)
        optimizer.step()
        penalty = logits.pow(2).mean() * 0.01
        penalty.backward()


class Settings:
    name = "sgd"
    lr = 0.1


torch.manual_seed(0)
fit(Settings(), [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(2)])
