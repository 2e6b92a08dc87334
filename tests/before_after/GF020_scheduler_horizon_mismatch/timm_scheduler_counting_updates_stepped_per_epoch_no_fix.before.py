import torch
from timm.scheduler import CosineLRScheduler


class Fitter:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.sched = CosineLRScheduler(self.opt, t_initial=epochs * len(loader), warmup_t=100, t_in_epochs=False)

    def fit(self):
        for epoch in range(self.epochs):
            for images, targets in self.loader:
                self.opt.zero_grad(set_to_none=True)
                loss = torch.nn.functional.cross_entropy(self.model(images), targets)
                loss.backward()
                self.opt.step()
            self.sched.step(epoch + 1)
