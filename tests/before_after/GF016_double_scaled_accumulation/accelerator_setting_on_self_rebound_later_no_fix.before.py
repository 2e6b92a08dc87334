import torch
from accelerate import Accelerator
from torch import nn


class Engine:
    def __init__(self, cfg, net: nn.Module) -> None:
        self.cfg = cfg
        self.accelerator = Accelerator(gradient_accumulation_steps=cfg.accum_steps)
        self.net, self.optimizer = self.accelerator.prepare(net, torch.optim.SGD(net.parameters(), lr=0.1))

    def reconfigure(self, cfg) -> None:
        self.cfg = cfg  # a new config: its count may differ from the Accelerator's

    def fit(self, loader) -> None:
        for inputs, labels in loader:
            with self.accelerator.accumulate(self.net):
                loss = nn.functional.cross_entropy(self.net(inputs), labels)
                self.accelerator.backward(loss / self.cfg.accum_steps)
                self.optimizer.step()
                self.optimizer.zero_grad()
