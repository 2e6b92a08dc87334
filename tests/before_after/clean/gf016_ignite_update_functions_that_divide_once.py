import torch
import torch.nn.functional as F
from ignite.engine import Engine, supervised_evaluation_step, supervised_training_step

CROPS = 2


def pair_loss(outputs, target):
    # the mean of two heads' losses, not a division by the accumulation count
    return (F.mse_loss(outputs[0], target) + F.mse_loss(outputs[1], target)) / 2


def build(model, two_head_model, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    # no accumulation: the update divides by nothing, the loss function's own division is the only one
    plain = Engine(supervised_training_step(model, opt, lambda out, y: F.l1_loss(out, y) / CROPS))
    # accumulation, and a loss function that divides by something else
    opt2 = torch.optim.SGD(two_head_model.parameters(), lr=0.1)
    paired = Engine(supervised_training_step(two_head_model, opt2, pair_loss, gradient_accumulation_steps=accum))
    # one update function per accumulation count of 1
    single = supervised_training_step(model, opt, lambda out, y: F.mse_loss(out, y) / accum, gradient_accumulation_steps=1)
    # an evaluation step never backpropagates
    evaluator = Engine(supervised_evaluation_step(model))
    return plain, paired, Engine(single), evaluator
