import math

import torch
from accelerate import Accelerator


def train(model, loader, history):
    accelerator = Accelerator(gradient_accumulation_steps=2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model, opt, loader = accelerator.prepare(model, opt, loader)
    for x, y in loader:
        with accelerator.accumulate(model):
            accelerator.backward(torch.nn.functional.mse_loss(model(x), y))
            history.append(torch.nn.utils.clip_grad_norm_(model.parameters(), math.inf).item())
            opt.step()
            opt.zero_grad()
