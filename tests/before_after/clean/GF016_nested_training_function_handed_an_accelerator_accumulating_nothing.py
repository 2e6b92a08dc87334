import torch
from accelerate import Accelerator
from torch import nn

ACCUM = 4


def main(loader):
    def train(acc, model, opt, batches):
        # accumulates by hand over ACCUM micro-batches; the accelerator divides by nothing
        for i, (x, y) in enumerate(batches):
            loss = nn.functional.mse_loss(model(x), y) / ACCUM
            acc.backward(loss)
            if (i + 1) % ACCUM == 0 or i + 1 == len(batches):
                opt.step()
                opt.zero_grad()

    accelerator = Accelerator(gradient_accumulation_steps=1)
    net = nn.Linear(4, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net, opt, loader = accelerator.prepare(net, opt, loader)
    train(accelerator, net, opt, loader)
