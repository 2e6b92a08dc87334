import torch


class Trainer:
    def __init__(self, model, steps_per_epoch):
        self.model = model
        self.steps_per_epoch = steps_per_epoch
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def warm_restart(self):
        return torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=self.steps_per_epoch)

    def fit(self, loader, epochs):
        schedule = self.warm_restart()
        for epoch in range(epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
                schedule.step()
