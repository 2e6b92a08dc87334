import torch
from torch import nn


def prepare(env):
    env["opt"] = torch.optim.SGD(env["model"].parameters(), lr=0.01)


def on_epoch_start(env, epoch):
    env["scaler"] = torch.amp.GradScaler("cuda")


def train_step(env, x, y):
    env["opt"].zero_grad()
    with torch.autocast("cuda"):
        loss = nn.functional.cross_entropy(env["model"](x), y)
    env["scaler"].scale(loss).backward()
    env["scaler"].step(env["opt"])
    env["scaler"].update()
    return loss.item()


def main(loader):
    env = {"model": nn.Linear(16, 4).cuda()}
    prepare(env)
    for epoch in range(10):
        on_epoch_start(env, epoch)
        for x, y in loader:
            train_step(env, x.cuda(), y.cuda())
