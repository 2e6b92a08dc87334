import torch
import torch.nn.functional as F
from ignite.engine import Engine, supervised_training_step_amp

ACCUMULATE = 3


class HuberWindow(torch.nn.Module):
    def forward(self, pred, target):
        return F.huber_loss(pred, target) / ACCUMULATE


def build(model, optimizer):
    step = supervised_training_step_amp(
        model, optimizer, HuberWindow(), device="cpu", gradient_accumulation_steps=ACCUMULATE
    )
    monitor = HuberWindow()
    return Engine(step), monitor
