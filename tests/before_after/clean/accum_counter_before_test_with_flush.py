import torch


class Trainer:
    def __init__(self, model, accumulation_steps):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.accumulation_steps = accumulation_steps

    def train_epoch(self, loader):
        step = 0
        for batch in loader:
            loss = self.model(**batch).loss
            scaled = loss / self.accumulation_steps
            scaled.backward()
            step += 1
            if step % self.accumulation_steps == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
        if step % self.accumulation_steps != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
