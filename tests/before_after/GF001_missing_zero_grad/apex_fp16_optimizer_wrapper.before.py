"""Apex's FP16_Optimizer wraps a torch optimizer; its zero_grad takes `set_grads_to_None`, not
`set_to_none`: the clear gradfix adds is bare.
"""

import torch
from apex.fp16_utils import FP16_Optimizer


def train(model, loader):
    optimizer = FP16_Optimizer(torch.optim.SGD(model.parameters(), lr=0.01))
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.backward(loss)
        optimizer.step()
