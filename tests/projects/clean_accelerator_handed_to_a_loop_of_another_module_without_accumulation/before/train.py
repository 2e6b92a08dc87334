import torch
from accelerate import Accelerator

from fit.loops import run_epoch


def main(net, dataset, epochs=10, accum=4):
    accelerator = Accelerator()
    opt = torch.optim.AdamW(net.parameters(), lr=2e-4)
    loader = torch.utils.data.DataLoader(dataset, batch_size=4, shuffle=True)
    net, opt, loader = accelerator.prepare(net, opt, loader)
    for _ in range(epochs):
        run_epoch(accelerator, net, loader, opt, accum)
