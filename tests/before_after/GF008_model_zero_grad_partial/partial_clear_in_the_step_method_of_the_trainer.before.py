"""The clear sits in `update`, a method of the trainer that its `run_epoch` loop calls once per
batch: `self.encoder.zero_grad()` leaves the decoder's gradients, which `self.opt` also steps,
piling up (unsafe fix: `self.opt.zero_grad()` in the method)."""
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
        total = 0.0
        for batch in loader:
            total += self.update(batch)
        return total


AutoEncoderTrainer().run_epoch([torch.randn(4, 10) for _ in range(3)])
