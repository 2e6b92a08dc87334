import torch
from accelerate import Accelerator
from torch import nn

ACCUM = 4


def main(loader):
    def train(acc, model, opt, batches):
        for x, y in batches:
            with acc.accumulate(model):
                loss = nn.functional.mse_loss(model(x), y)
                acc.backward(loss)
                opt.step()
                opt.zero_grad()

    accelerator = Accelerator(gradient_accumulation_steps=ACCUM)
    net = nn.Linear(4, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net, opt, loader = accelerator.prepare(net, opt, loader)
    train(accelerator, net, opt, loader)
