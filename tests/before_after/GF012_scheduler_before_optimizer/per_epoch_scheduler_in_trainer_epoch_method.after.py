import torch
from torch import nn


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.model_optimizer = torch.optim.Adam(model.parameters(), 1e-4)
        self.model_lr_scheduler = torch.optim.lr_scheduler.StepLR(self.model_optimizer, 15, 0.1)

    def train(self):
        for self.epoch in range(self.epochs):
            self.run_epoch()
            self.save_model()

    def run_epoch(self):
        self.model.train()
        for batch_idx, (inputs, target) in enumerate(self.loader):
            loss = nn.functional.l1_loss(self.model(inputs), target)
            self.model_optimizer.zero_grad()
            loss.backward()
            self.model_optimizer.step()
            if batch_idx % 100 == 0:
                print(self.epoch, batch_idx, loss.item())
        self.model_lr_scheduler.step()

    def save_model(self):
        torch.save(self.model.state_dict(), f"weights_{self.epoch}.pth")
