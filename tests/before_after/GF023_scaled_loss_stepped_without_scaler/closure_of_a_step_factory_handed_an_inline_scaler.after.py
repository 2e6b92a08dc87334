# `make_step(model, opt, torch.amp.GradScaler("cuda"))`: the closure it returns scales the loss
# with the scaler built in the call and steps the optimizer directly.
import torch
import torch.nn.functional as F


def make_step(model, opt, scaler):
    def train_step(x, y):
        opt.zero_grad()
        with torch.autocast("cuda"):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        return loss.item()

    return train_step


def main(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    step = make_step(model, opt, torch.amp.GradScaler("cuda"))
    for _ in range(epochs):
        for x, y in loader:
            step(x, y)
