import torch
from timm.utils import NativeScaler


def backward_and_step(loss, optimizer):
    loss.backward()
    optimizer.step()


def train(model, loader, optimizer, max_norm=1.0):
    loss_scaler = NativeScaler()
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss_scaler(loss, optimizer)
        # too late: the clip belongs in the call (`clip_grad=max_norm, parameters=...`)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)


def train_helper(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # too early
        backward_and_step(torch.nn.functional.mse_loss(model(x), y), optimizer)


def train_lbfgs(model, x, y, steps=5):
    opt = torch.optim.LBFGS(model.parameters())

    def closure():
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        return loss

    for _ in range(steps):
        opt.step(closure)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)  # belongs in the closure
