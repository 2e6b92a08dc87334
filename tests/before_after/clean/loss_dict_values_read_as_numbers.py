import torch
import torch.nn.functional as F


def reduce_for_logging(loss_dict):
    with torch.no_grad():
        return {k: v.detach() for k, v in loss_dict.items()}


def train_one_epoch(model, optimizer, loader, log_every=10):
    running = 0.0
    meter = {}
    for i, (x, y) in enumerate(loader):
        out = model(x)
        loss_dict = {"mse": F.mse_loss(out, y), "l1": F.l1_loss(out, y)}
        losses = sum(loss for loss in loss_dict.values())
        optimizer.zero_grad(set_to_none=True)
        losses.backward()
        optimizer.step()
        reduced = reduce_for_logging(loss_dict)
        running += sum(v.item() for v in loss_dict.values())
        running += sum(reduced.values())
        for name, value in loss_dict.items():
            meter[name] = meter.get(name, 0.0) + value.item()
        if i % log_every == 0:
            print(i, running / (i + 1), meter)
    return running
