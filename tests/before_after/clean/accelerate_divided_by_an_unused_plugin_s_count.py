import torch
from accelerate import Accelerator
from accelerate.utils import GradientAccumulationPlugin


def fit(net, loader):
    used = GradientAccumulationPlugin(num_steps=2)
    spare = GradientAccumulationPlugin(num_steps=3)
    accelerator = Accelerator(gradient_accumulation_plugin=used)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net, opt, loader = accelerator.prepare(net, opt, loader)
    for batch, target in loader:
        with accelerator.accumulate(net):
            loss = torch.nn.functional.mse_loss(net(batch), target)
            # a mean over pieces of a count that is not the accumulation setting
            accelerator.backward(loss / spare.num_steps)
            opt.step()
            opt.zero_grad()
