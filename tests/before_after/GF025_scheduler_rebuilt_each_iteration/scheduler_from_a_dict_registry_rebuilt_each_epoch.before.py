import torch
from torch.optim import lr_scheduler

SCHEDULES = {
    "cosine": lr_scheduler.CosineAnnealingLR,
    "multistep": torch.optim.lr_scheduler.MultiStepLR,
}


class Runner:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def run(self, loader):
        for epoch in range(self.cfg.epochs):
            schedule = SCHEDULES.get(self.cfg.schedule)(self.optimizer, self.cfg.horizon)
            for x, y in loader:
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
            schedule.step()
