import torch
from transformers import get_linear_schedule_with_warmup


class Trainer:
    def __init__(self, model, total_steps):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
        self.scheduler = get_linear_schedule_with_warmup(self.optimizer, 100, total_steps)

    def train(self, loader):
        for batch in loader:
            outputs = self.model(**batch)
            loss = outputs.loss
            loss.backward()
            self.scheduler.step()
            self.optimizer.step()
            self.optimizer.zero_grad()
