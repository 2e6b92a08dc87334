class NoamRate(object):
    def __init__(self, optimizer, warmup_steps):
        self.optimizer = optimizer
        self.warmup_steps = warmup_steps
        self.calls = 0

    def step(self):
        self.calls += 1
        rate = min(self.calls ** -0.5, self.calls * self.warmup_steps ** -1.5)
        for group in self.optimizer.param_groups:
            group["lr"] = rate


RATES = {"noam": NoamRate}
