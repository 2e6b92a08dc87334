import torch
import torch.nn as nn
from tqdm import tqdm


def continual(model, tasks):
    for task in tasks:
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        bar = tqdm(task.loader, desc=task.name)
        for x, y in bar:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
    return model
