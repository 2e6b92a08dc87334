import torch
from torch.autograd import backward as bw


def train_step(model, opt, batch):
    x, y = batch
    loss = torch.nn.functional.mse_loss(model(x), y)
    bw(loss)
    opt.step()


def main(model, opt, loader):
    for batch in loader:
        train_step(model, opt, batch)
