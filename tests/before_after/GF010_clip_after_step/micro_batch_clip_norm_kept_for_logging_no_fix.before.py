import torch
import torch.nn.functional as F


def train(model, optimizer, loader, accum, log):
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y) / accum
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        log(grad_norm)
        if (i + 1) % accum == 0 or i + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()
