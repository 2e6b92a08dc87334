import torch
from ignite.engine import create_supervised_trainer

ACCUM = 4


def loss_fn(pred, target):
    return torch.nn.functional.mse_loss(pred, target) / ACCUM


def build(model):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    # no accumulation setting: the update divides by nothing, the function's division is the only one
    return create_supervised_trainer(model, opt, loss_fn)
