import torch


class Trainer:
    def __init__(self, model, accumulation_steps):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.accumulation_steps = accumulation_steps

    def train(self, loader):
        self.model.train()
        step = 0
        for batch in loader:
            step += 1
            loss = self.model(**batch).loss / self.accumulation_steps
            loss.backward()
            if step % self.accumulation_steps == 0:
                self.optimizer.step()
                # fresh gradients for every batch
                self.optimizer.zero_grad()
                self.scheduler.step()
        if step % self.accumulation_steps != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
