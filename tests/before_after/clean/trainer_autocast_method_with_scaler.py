# A trainer whose `autocast()` method returns CUDA float16 autocast, with a `GradScaler` scaling
# the loss: correct.
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, loader):
        self.model, self.loader = model, loader
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.scaler = torch.cuda.amp.GradScaler()

    def autocast(self):
        return torch.autocast("cuda", dtype=torch.float16)

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                self.opt.zero_grad()
                with self.autocast():
                    loss = F.cross_entropy(self.model(x), y)
                self.scaler.scale(loss).backward()
                self.scaler.step(self.opt)
                self.scaler.update()
