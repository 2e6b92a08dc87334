import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer, scheduler):
        self.model, self.optimizer, self.scheduler = model, optimizer, scheduler

    def fit(self, loader, epochs):
        for _ in range(epochs):
            for x, y in loader:
                self.optimizer.zero_grad(set_to_none=True)
                F.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
                self.scheduler.step()


model = torch.nn.Linear(4, 1)
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=10)
trainer = Trainer(model, optimizer, scheduler)
trainer.scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=3 * len(loader))
trainer.fit(loader, 3)
