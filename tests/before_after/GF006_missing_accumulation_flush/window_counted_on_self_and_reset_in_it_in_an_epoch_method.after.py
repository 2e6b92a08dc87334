import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer, loader, accum_steps=4):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader
        self.accum_steps = accum_steps
        self.pending = 0

    def run_epoch(self):
        self.model.train()
        self.pending = 0
        for features, target in self.loader:
            loss = F.cross_entropy(self.model(features), target)
            (loss / self.accum_steps).backward()
            self.pending += 1
            if self.pending == self.accum_steps:
                self.optimizer.step()
                self.optimizer.zero_grad()
                self.pending = 0

        # the last micro-batches did not fill a whole window: step on them too
        if self.pending != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def fit(self, epochs):
        for _ in range(epochs):
            self.run_epoch()


model = torch.nn.Linear(6, 3)
batches = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(10)]
Trainer(model, torch.optim.SGD(model.parameters(), lr=0.1), batches).fit(2)
