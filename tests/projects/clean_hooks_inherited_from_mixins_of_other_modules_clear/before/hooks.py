"""A mixin whose hook says no gradient word: it calls the trainer's own `reset_batch`."""


class HookMixin:
    def on_batch_start(self):
        self.batches = getattr(self, "batches", 0) + 1
        self.reset_batch()
