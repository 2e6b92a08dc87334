import torch
from torch import nn


class TwoHeads:
    def __init__(self):
        self.body = nn.Linear(6, 6)
        self.head = nn.Linear(6, 2)

    def fit(self, batches, max_steps):
        def loop(body_optimizer, head_optimizer, head_schedule):
            step = 0
            while step < max_steps:
                x, y = batches[step % len(batches)]
                body_optimizer.zero_grad()
                head_optimizer.zero_grad()
                nn.functional.mse_loss(self.head(self.body(x)), y).backward()
                body_optimizer.step()
                head_schedule.step()
                head_optimizer.step()
                step += 1

        body_opt = torch.optim.SGD(self.body.parameters(), lr=0.1)
        head_opt = torch.optim.SGD(self.head.parameters(), lr=0.01)
        head_sched = torch.optim.lr_scheduler.StepLR(head_opt, step_size=5)
        loop(body_opt, head_opt, head_schedule=head_sched)
