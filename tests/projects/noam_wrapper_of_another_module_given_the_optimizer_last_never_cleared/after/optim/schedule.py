class NoamOpt:
    """Keeps an optimizer and sets its learning rate before each of its steps."""

    def __init__(self, model_size, factor, warmup, optimizer):
        self.optimizer = optimizer
        self._step = 0
        self.warmup = warmup
        self.factor = factor
        self.model_size = model_size

    def advance(self):
        self._step += 1
        rate = self.factor * self.model_size ** -0.5 * min(self._step ** -0.5, self._step * self.warmup ** -1.5)
        for p in self.optimizer.param_groups:
            p["lr"] = rate
        self.optimizer.step()

    def clear(self):
        self.optimizer.zero_grad()
