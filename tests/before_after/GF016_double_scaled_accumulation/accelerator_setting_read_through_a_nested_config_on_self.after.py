from types import SimpleNamespace

import torch
from accelerate import Accelerator
from torch import nn


class Engine:
    """The hyper-parameters are kept whole; the step reads the count back through them."""

    def __init__(self, hparams, net: nn.Module) -> None:
        self.accelerator = Accelerator(gradient_accumulation_steps=hparams.optim.grad_accum)
        self.hparams = hparams
        optimizer = torch.optim.AdamW(net.parameters(), lr=hparams.optim.lr)
        self.net, self.optimizer = self.accelerator.prepare(net, optimizer)

    def compute(self, batch) -> torch.Tensor:
        inputs, labels = batch
        return nn.functional.cross_entropy(self.net(inputs), labels)

    def fit(self, loader) -> None:
        for batch in loader:
            with self.accelerator.accumulate(self.net):
                loss = self.compute(batch)
                self.accelerator.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad()


hp = SimpleNamespace(optim=SimpleNamespace(grad_accum=4, lr=3e-4))
Engine(hp, nn.Linear(8, 2)).fit([(torch.randn(2, 8), torch.tensor([0, 1]))] * 8)
