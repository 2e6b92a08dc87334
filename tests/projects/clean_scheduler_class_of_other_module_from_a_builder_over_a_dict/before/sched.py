class WarmupRate:
    """Sets the rate of the coming update, so it is stepped before optimizer.step()."""

    def __init__(self, opt, warmup=4, base=0.1):
        self.opt = opt
        self.warmup = warmup
        self.base = base
        self.n = 0

    def step(self):
        self.n += 1
        lr = self.base * min(1.0, self.n / self.warmup)
        for g in self.opt.param_groups:
            g["lr"] = lr


SCHEDULERS = {"warmup": WarmupRate}


def build_scheduler(name, opt):
    return SCHEDULERS[name](opt)
