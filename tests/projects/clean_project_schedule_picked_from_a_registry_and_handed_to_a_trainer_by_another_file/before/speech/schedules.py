import torch


class StepSchedule(object):
    """Sets the rate of the coming update from its own counter, which starts at 1."""

    def __init__(self, optimizer, peak=1e-3, warmup=4):
        self.optimizer = optimizer
        self.peak = peak
        self.warmup = warmup
        self.count = 0

    def rate(self):
        return self.peak * min(1.0, self.count / self.warmup)

    def step(self):
        self.count += 1
        for group in self.optimizer.param_groups:
            group["lr"] = self.rate()


class DecaySchedule(StepSchedule):
    def rate(self):
        return self.peak * 0.9 ** self.count


OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}
SCHEDULES = {"warmup": StepSchedule, "decay": DecaySchedule}
