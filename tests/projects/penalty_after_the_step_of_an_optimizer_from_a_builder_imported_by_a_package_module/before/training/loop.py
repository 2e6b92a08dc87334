from torch import nn

from .optim import make_optimizer


def fit(cfg, batches):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    optimizer = make_optimizer(cfg, model)
    step = 0
    while step < len(batches):
        x, y = batches[step]
        optimizer.zero_grad()
        logits = model(x)
        nn.functional.cross_entropy(logits, y).backward(retain_graph=True)
        optimizer.step()
        (logits.pow(2).mean() * 0.01).backward()
        step += 1
