# A trainer method clears its model at the start of every micro-batch of an `accumulate`
# block, and clears the prepared optimizer after its step. The optimizer's clear in the model
# clear's place would still run on the window's last micro-batch, before its backward, and wipe
# the window: the model clear goes, the clear after the step does the work.
import torch
import torch.nn.functional as F
from accelerate import Accelerator


class Fitter:
    def __init__(self, net):
        self.accelerator = Accelerator(gradient_accumulation_steps=4)
        optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
        self.net, self.optimizer = self.accelerator.prepare(net, optimizer)

    def fit(self, loader):
        for inputs, targets in loader:
            with self.accelerator.accumulate(self.net):
                loss = F.mse_loss(self.net(inputs), targets)
                self.accelerator.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad()
