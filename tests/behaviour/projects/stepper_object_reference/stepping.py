"""A warm-up wrapper: sets the learning rate of the optimizer it holds, then steps it. It
has no `zero_grad` of its own."""


class WarmupStepper:
    def __init__(self, optimizer, base_lr, warmup):
        self.optimizer = optimizer
        self.base_lr = base_lr
        self.warmup = warmup
        self.calls = 0

    def step(self):
        self.calls += 1
        for group in self.optimizer.param_groups:
            group["lr"] = self.base_lr * min(1.0, self.calls / self.warmup)
        self.optimizer.step()
