import torch
from torch.cuda.amp import GradScaler, autocast


class Solver:
    def __init__(self, net, optim, use_fp16):
        self.net = net
        self.optim = optim
        self.use_fp16 = use_fp16

    def train_step(self, batch):
        amp_scaler = GradScaler(enabled=self.use_fp16)
        self.optim.zero_grad()
        with autocast(enabled=self.use_fp16):
            loss = self.net(**batch).loss
        amp_scaler.scale(loss).backward()
        amp_scaler.step(self.optim)
        amp_scaler.update()
        return loss.item()

    def run(self, loader, iterations):
        it = 0
        while it < iterations:
            for batch in loader:
                self.train_step(batch)
                it += 1
