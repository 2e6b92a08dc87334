import torch
from torch import nn


class PairTrainer:
    def __init__(self, encoder: nn.Module, micro: int) -> None:
        self.encoder = encoder
        self.micro = micro
        self.optim = torch.optim.Adam(encoder.parameters(), lr=1e-3)

    def run_epoch(self, pairs):
        # the tail of `pairs` past the last multiple of `self.micro` is never stepped on
        for n, (a, b) in enumerate(pairs):
            gap = (self.encoder(a) - self.encoder(b)).pow(2).mean()
            gap.backward()
            if (n + 1) % self.micro == 0:
                for w in self.encoder.parameters():
                    w.grad.div_(self.micro)
                self.optim.step()
                self.optim.zero_grad(set_to_none=True)
