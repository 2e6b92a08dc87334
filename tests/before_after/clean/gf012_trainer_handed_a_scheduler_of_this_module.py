# A trainer class keeps the scheduler its constructor is handed; this module builds it from
# its own warm-up class (no torch scheduler), whose step() sets the rate of the coming update:
# stepped before the optimizer on purpose.
import torch


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


class Runner:
    def __init__(self, network, optimizer, schedule):
        self.network = network
        self.optimizer = optimizer
        self.schedule = schedule

    def run_epoch(self, batches):
        for inputs, targets in batches:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.network(inputs), targets)
            loss.backward()
            self.schedule.step()
            self.optimizer.step()


network = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(network.parameters(), lr=0.0)
Runner(network, optimizer, NoamRate(optimizer, warmup_steps=8)).run_epoch([(torch.randn(8, 4), torch.randn(8, 1))] * 3)
