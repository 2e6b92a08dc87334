"""Lists of optimizers stepped by a loop over the list, every one cleared: by index, by a loop
over the list, and a Lightning `self.optimizers()` list cleared by index one by one. A list of
unknown length (a comprehension) with only its first cleared may hold one optimizer: silent."""

import pytorch_lightning as pl
import torch


def fit_indexed(enc, head, batches):
    opts = [torch.optim.SGD(enc.parameters(), lr=0.1), torch.optim.Adam(head.parameters(), lr=0.01)]
    for xb, yb in batches:
        opts[0].zero_grad(set_to_none=True)
        opts[1].zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(head(enc(xb)), yb).backward()
        for o in opts:
            o.step()


def fit_built(nets, batches):
    optimizers = [torch.optim.SGD(n.parameters(), lr=0.1) for n in nets]
    for xb, yb in batches:
        optimizers[0].zero_grad(set_to_none=True)
        out = xb
        for net in nets:
            out = net(out)
        torch.nn.functional.mse_loss(out, yb).backward()
        for optimizer in optimizers:
            optimizer.step()


class Both(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(6, 4)
        self.out = torch.nn.Linear(4, 2)

    def training_step(self, batch, batch_idx):
        optims = self.optimizers()
        inputs, targets = batch
        optims[0].zero_grad(set_to_none=True)
        optims[1].zero_grad(set_to_none=True)
        error = torch.nn.functional.cross_entropy(self.out(self.body(inputs).relu()), targets)
        self.manual_backward(error)
        for optim in optims:
            optim.step()

    def configure_optimizers(self):
        return torch.optim.SGD(self.body.parameters(), lr=0.05), torch.optim.Adam(self.out.parameters(), lr=0.01)


class Looped(Both):
    def training_step(self, batch, batch_idx):
        optims = self.optimizers()
        inputs, targets = batch
        for optim in optims:
            optim.zero_grad(set_to_none=True)
        error = torch.nn.functional.cross_entropy(self.out(self.body(inputs).relu()), targets)
        self.manual_backward(error)
        for optim in optims:
            optim.step()
