import types
from dataclasses import dataclass

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(6)]


@dataclass
class Amp:
    scaler: object = None
    steps: int = 0


class Trainer:
    def __init__(self, model, amp):
        self.model = model
        self.amp = amp
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-2)

    def run(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        self.amp.steps += 1


def main():
    amp = Amp(scaler=torch.amp.GradScaler("cpu"))
    amp.scaler = None
    trainer = Trainer(nn.Linear(8, 1), amp)
    k = 0
    while k < 12:
        x, y = loader[k % len(loader)]
        trainer.run(x, y)
        k += 1


if __name__ == "__main__":
    main()
