import torch


class BuiltByAMethod:
    def __init__(self, model):
        self.model = model
        self.build()
        self.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=20)

    def build(self):
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=1e-3)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()
            self.scheduler.step()


class RebuiltWithItsScheduler:
    def __init__(self, model, lr):
        self.model = model
        self.lr = lr
        self.optimizer = torch.optim.AdamW(model.head.parameters(), lr=lr)
        self.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=20)

    def unfreeze(self):
        for p in self.model.parameters():
            p.requires_grad = True
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.lr / 10)
        self.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=10)

    def fit(self, loader, epochs, unfreeze_at):
        for epoch in range(epochs):
            if epoch == unfreeze_at:
                self.unfreeze()
            for x, y in loader:
                self.optimizer.zero_grad()
                torch.nn.functional.cross_entropy(self.model(x), y).backward()
                self.optimizer.step()
            self.scheduler.step()
