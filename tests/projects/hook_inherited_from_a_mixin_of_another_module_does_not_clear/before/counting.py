"""Bookkeeping mixin: counts batches and samples, nothing about gradients."""


class CountingMixin:
    def on_batch_start(self, batch):
        self.seen_batches = getattr(self, "seen_batches", 0) + 1
        self.seen_samples = getattr(self, "seen_samples", 0) + len(batch[0])
