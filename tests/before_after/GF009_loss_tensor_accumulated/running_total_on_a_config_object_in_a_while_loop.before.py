import torch


class Cfg:
    steps = 100
    lr = 0.01
    smooth = 0.1


def fit(model, stream):
    cfg = Cfg()
    cfg.running = 0.0
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    step = 0
    while step < cfg.steps:
        x, y = next(stream)
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y, label_smoothing=cfg.smooth)
        loss.backward()
        optimizer.step()
        cfg.running = 0.98 * cfg.running + 0.02 * loss
        step += 1
    return float(cfg.running)
