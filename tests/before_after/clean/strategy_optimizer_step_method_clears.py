# A training strategy object of the file steps and clears: `optimizer_step` is its own method
# here, not torch_xla's `xm.optimizer_step(opt)` (OpenRLHF's trainers step so).
import torch
import torch.nn as nn


class Strategy:
    def backward(self, loss, model, optimizer):
        loss.backward()

    def optimizer_step(self, optimizer, model, scheduler):
        optimizer.step()
        optimizer.zero_grad()
        scheduler.step()


class SFTTrainer:
    def __init__(self, model, strategy):
        self.model = model
        self.strategy = strategy
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda step: 1.0)

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            self.model.train()
            for inputs, labels in loader:
                loss = nn.functional.cross_entropy(self.model(inputs), labels)
                self.strategy.backward(loss, self.model, self.optimizer)
                self.strategy.optimizer_step(self.optimizer, self.model, self.scheduler)


def main(loader):
    SFTTrainer(nn.Linear(16, 4), Strategy()).fit(loader, epochs=2)
