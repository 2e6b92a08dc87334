import torch.nn.functional as F


def train_step(model, opt, scaler, x, y):
    opt.zero_grad()
    loss = F.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    opt.step()
