"""`self.update(batch)` is called by two loops (training and fine-tuning): the method's
partial clear is reported, but rewriting it would change what both callers do (no fix)."""
import torch
from torch import nn


class AutoEncoderTrainer:
    def __init__(self) -> None:
        self.encoder = nn.Linear(10, 3)
        self.decoder = nn.Linear(3, 10)
        self.opt = torch.optim.Adam([*self.encoder.parameters(), *self.decoder.parameters()], lr=1e-3)

    def update(self, batch):
        self.encoder.zero_grad()
        loss = nn.functional.mse_loss(self.decoder(self.encoder(batch)), batch)
        loss.backward()
        self.opt.step()
        return loss.item()

    def run_epoch(self, loader):
        for batch in loader:
            self.update(batch)

    def fine_tune(self, loader, rounds):
        for _ in range(rounds):
            for batch in loader:
                self.update(batch)


AutoEncoderTrainer().run_epoch([torch.randn(4, 10) for _ in range(3)])
