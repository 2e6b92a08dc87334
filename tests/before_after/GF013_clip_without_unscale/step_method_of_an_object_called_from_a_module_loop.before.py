import torch
from torch import nn


class AmpTrainer:
    def __init__(self, model, lr=0.1):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.scaler = torch.amp.GradScaler("cuda")

    def train_step(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.mse_loss(self.model(x), y)
        self.scaler.scale(loss).backward()
        nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.scaler.step(self.opt)
        self.scaler.update()
        return loss.item()


trainer = AmpTrainer(nn.Linear(4, 2).cuda())
step = 0
while step < 1000:
    trainer.train_step(torch.randn(16, 4).cuda(), torch.randn(16, 2).cuda())
    step += 1
