import torch
from torch import nn


class SparseTrainer:
    """The sparsity penalty is computed from the weights alone and bound to its own name
    before it is added to the loss: a term of the loss, not gradient handling; the last
    window of the epoch is never stepped."""

    def __init__(self, encoder, optimizer, sparsity, strength=1e-4, window=4):
        self.encoder = encoder
        self.optimizer = optimizer
        self.sparsity = sparsity
        self.strength = strength
        self.window = window

    def run_epoch(self, stream):
        seen = 0
        while True:
            pair = next(stream, None)
            if pair is None:
                break
            inputs, labels = pair
            fit = nn.functional.cross_entropy(self.encoder(inputs), labels) / self.window
            shrink = self.sparsity(self.encoder.parameters())
            total = fit + self.strength * shrink
            total.backward()
            seen += 1
            if seen % self.window == 0:
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)

        # the last micro-batches did not fill a whole window: step on them too
        if seen % self.window != 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
