"""A mixin whose hook clears the trainer's optimizer itself."""


class ClearingMixin:
    def before_batch(self):
        self.optimizer.zero_grad(set_to_none=True)
