import torch
from torch import nn


def run_trial(lr, data):
    model = nn.Linear(4, 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
    scaler = torch.amp.GradScaler("cpu")
    for x, y in data:
        optimizer.zero_grad(set_to_none=True)
        scaler.scale(nn.functional.mse_loss(model(x), y)).backward()
        scaler.step(optimizer)
        scaler.update()
        scheduler.step()
    return model


def one_shot(model, x, y, lr):
    # a single step from a fresh optimizer per candidate learning rate: nothing to keep
    probe = nn.Linear(4, 1)
    probe.load_state_dict(model.state_dict())
    opt = torch.optim.Adam(probe.parameters(), lr=lr)
    nn.functional.mse_loss(probe(x), y).backward()
    opt.step()
    return nn.functional.mse_loss(probe(x), y).item()


def search(data):
    lrs = [1e-3, 1e-2, 1e-1]
    models = [run_trial(lr, data) for lr in lrs]
    base = nn.Linear(4, 1)
    x, y = data[0]
    scores = {lr: one_shot(base, x, y, lr) for lr in lrs}
    best = min(one_shot(base, x, y, lr) for lr in lrs)
    return models, scores, best
