import torch
import torch.nn.functional as F
from accelerate import Accelerator

WINDOW = 8


def piece_loss(encoder, pair):
    features, labels = pair
    return F.mse_loss(encoder(features), labels) / WINDOW


class Runner:
    def __init__(self, encoder, loader):
        self.accelerator = Accelerator(gradient_accumulation_steps=WINDOW)
        self.optimizer = torch.optim.SGD(encoder.parameters(), lr=0.05)
        self.encoder, self.optimizer, self.loader = self.accelerator.prepare(encoder, self.optimizer, loader)

    def run(self, budget):
        done = 0
        batches = iter(self.loader)
        while done < budget:
            pair = next(batches)
            with self.accelerator.accumulate(self.encoder):
                objective = piece_loss(self.encoder, pair)
                self.accelerator.backward(objective)
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
            done += 1
