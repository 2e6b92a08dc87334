import torch
from torch.optim.lr_scheduler import _LRScheduler


class PolyWarmUp(_LRScheduler):
    """Sets the learning rate of the step about to run from the optimizer's own step count."""

    def __init__(self, optimizer, warmup, total):
        self.warmup, self.total = warmup, total
        super().__init__(optimizer)

    def get_lr(self):
        progress = self.last_epoch / self.total
        scale = progress / self.warmup if progress < self.warmup else (1.0 - progress)
        return [base * scale for base in self.base_lrs]

    def step(self, epoch=None):
        state = self.optimizer.state.get(self.optimizer.param_groups[0]["params"][0], {})
        self.last_epoch = int(state.get("step", 0)) + 1
        for group, lr in zip(self.optimizer.param_groups, self.get_lr()):
            group["lr"] = lr


model = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
scheduler = PolyWarmUp(optimizer, warmup=0.1, total=1000)
for x, y in [(torch.randn(8, 4), torch.randn(8, 1))] * 10:
    scheduler.step()  # the learning rate of the coming step
    optimizer.zero_grad(set_to_none=True)
    torch.nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
