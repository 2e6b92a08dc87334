# After each epoch the trainer calls its early stopper's `epoch_step(...)`: not a step of the
# optimizer, the micro-batches after the last full window are never stepped.
from torch import nn


class EarlyStopping:
    def __init__(self, patience):
        self.patience = patience
        self.best = None

    def epoch_step(self, current):
        self.best = current if self.best is None else min(self.best, current)


class Trainer:
    def __init__(self, model, optimizer, gradient_accumulation_steps):
        self.model = model
        self.optimizer = optimizer
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.early_stopping = EarlyStopping(patience=3)

    def train_epoch(self, data):
        total = 0.0
        step = -1  # the flush after the loop reads it, also when the loop runs no batch
        for step, (x, y) in enumerate(data):
            loss = nn.functional.mse_loss(self.model(x), y) / self.gradient_accumulation_steps
            loss.backward()
            total += loss.item()
            if (step + 1) % self.gradient_accumulation_steps == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (step + 1) % self.gradient_accumulation_steps != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
        return total

    def train(self, data, epochs):
        for epoch in range(epochs):
            log = self.train_epoch(data)
            self.early_stopping.epoch_step(log)
