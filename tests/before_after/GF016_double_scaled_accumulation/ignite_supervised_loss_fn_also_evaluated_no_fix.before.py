import torch
from ignite.engine import create_supervised_evaluator, create_supervised_trainer
from ignite.metrics import Loss

ACCUM = 4


def loss_fn(pred, target):
    return torch.nn.functional.mse_loss(pred, target) / ACCUM


def build(model):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = create_supervised_trainer(model, opt, loss_fn, gradient_accumulation_steps=ACCUM)
    evaluator = create_supervised_evaluator(model, metrics={"loss": Loss(loss_fn)})
    return trainer, evaluator
