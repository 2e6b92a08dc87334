import torch
from torch import nn


def build(parts):
    parts["optimizer"] = torch.optim.Adam(parts["model"].parameters())


def step(parts, x, y):
    parts["optimizer"].zero_grad()
    parts["scaler"] = torch.amp.GradScaler("cuda")
    with torch.autocast("cuda"):
        loss = nn.functional.mse_loss(parts["model"](x), y)
    parts["scaler"].scale(loss).backward()
    parts["scaler"].step(parts["optimizer"])
    parts["scaler"].update()


def main(loader):
    parts = {"model": nn.Linear(16, 1).cuda()}
    build(parts)
    for epoch in range(10):
        for x, y in loader:
            step(parts, x.cuda(), y.cuda())
