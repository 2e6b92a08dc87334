import torch
from torch import nn
from accelerate import Accelerator


class Trainer:
    def __init__(self, model, loader, steps):
        self.accelerator = Accelerator()
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
        self.model, self.optimizer = self.accelerator.prepare(model, optimizer)
        self.loader = loader
        self.steps = steps

    @property
    def raw_model(self):
        return self.accelerator.unwrap_model(self.model)

    def train(self):
        step = 0
        while step < self.steps:
            for x, y in self.loader:
                loss = self.model(x, y)
                self.accelerator.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad()
                step += 1
                if step % 100 == 0:
                    self.raw_model.eval()
                    with torch.no_grad():
                        print(self.raw_model(x, y).item())
                    self.raw_model.train()
