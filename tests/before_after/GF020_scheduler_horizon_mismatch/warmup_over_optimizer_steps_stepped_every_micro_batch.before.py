import math

import torch
from transformers import get_linear_schedule_with_warmup


class Finetuner:
    def __init__(self, model, loader, epochs, accumulate):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.accumulate = accumulate
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
        updates = math.ceil(len(loader) / accumulate) * epochs
        self.scheduler = get_linear_schedule_with_warmup(self.optimizer, num_warmup_steps=10, num_training_steps=updates)

    def train(self):
        for epoch in range(self.epochs):
            for i, batch in enumerate(self.loader):
                loss = self.model(**batch).loss / self.accumulate
                loss.backward()
                if (i + 1) % self.accumulate == 0 or i + 1 == len(self.loader):
                    torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                    self.optimizer.step()
                    self.optimizer.zero_grad(set_to_none=True)
                self.scheduler.step()
