import torch
import torch.nn.functional as F

from .penalties import group_lasso, l1_norm


class Learner:
    def __init__(self, encoder, optimizer, chunks=4, strength=1e-5):
        self.encoder = encoder
        self.optimizer = optimizer
        self.chunks = chunks
        self.strength = strength

    def run_epoch(self, stream):
        seen = 0
        while True:
            item = next(stream, None)
            if item is None:
                break
            inputs, labels = item
            loss = F.cross_entropy(self.encoder(inputs), labels) / self.chunks
            loss += self.strength * sum([l1_norm(self.encoder), group_lasso(self.encoder)])
            loss.backward()
            seen += 1
            if seen % self.chunks == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if seen % self.chunks != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
