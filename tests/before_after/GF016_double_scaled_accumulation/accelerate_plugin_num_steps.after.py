import torch
from accelerate import Accelerator
from accelerate.utils import GradientAccumulationPlugin

GRAD_ACCUM = 8


def train(model, loader):
    plugin = GradientAccumulationPlugin(num_steps=GRAD_ACCUM)
    accelerator = Accelerator(gradient_accumulation_plugin=plugin)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for x, y in loader:
        with accelerator.accumulate(model):
            loss = torch.nn.functional.mse_loss(model(x), y)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
