import torch
import torch.nn.functional as F

ACCUM = 4


class SpectrumTrainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def run(self, stream, total):
        seen = 0
        step = 0
        while step < total:
            x, y = next(stream)
            with torch.autograd.detect_anomaly():
                loss = F.mse_loss(self.model(x), y)
                (loss / ACCUM).backward()
            seen += 1
            if seen % ACCUM == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
                step += 1
