import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.opt = optimizer

    def train_step(self, x, y):
        self.scaler = torch.amp.GradScaler("cpu")
        self.opt.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = F.cross_entropy(self.model(x), y)
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()
        return loss.detach()


net = torch.nn.Linear(8, 3)
trainer = Trainer(net, torch.optim.Adam(net.parameters(), lr=1e-2))
for x, y in data:
    trainer.train_step(x, y)
