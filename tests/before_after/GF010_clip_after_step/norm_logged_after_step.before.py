import torch
from torch.nn.utils import clip_grad_norm_


def train(model, loader, optimizer, log):
    for epoch in range(3):
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            grad_norm = clip_grad_norm_(model.parameters(), 0.5)
            log(loss.item(), grad_norm.item())
