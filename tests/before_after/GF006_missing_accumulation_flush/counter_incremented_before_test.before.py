import torch


class Trainer:
    def __init__(self, model, accumulation_steps=8):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
        self.accumulation_steps = accumulation_steps

    def train_epoch(self, loader):
        micro = 0
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            (loss / self.accumulation_steps).backward()
            micro += 1
            if micro % self.accumulation_steps == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
        return micro
