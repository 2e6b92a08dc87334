import torch.nn.functional as F


def train_step(model, optimizer, scheduler, x, y):
    optimizer.zero_grad()
    F.cross_entropy(model(x), y).backward()
    optimizer.step()
    scheduler.step()
