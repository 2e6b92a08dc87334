import torch
from timm.scheduler import TanhLRScheduler


class Runner:
    def __init__(self, net, batches, total):
        self.net = net
        self.batches = batches
        self.total = total
        self.optim = torch.optim.AdamW(net.parameters(), lr=3e-4)
        self.lr_schedule = TanhLRScheduler(self.optim, t_initial=total, warmup_t=20, t_in_epochs=False)
        self.done = 0

    def fit(self):
        stream = iter(self.batches)
        while self.done < self.total:
            features, target = next(stream)
            self.optim.zero_grad(set_to_none=True)
            torch.nn.functional.smooth_l1_loss(self.net(features), target).backward()
            self.lr_schedule.step_update(self.done + 1)
            self.optim.step()
            self.done += 1
