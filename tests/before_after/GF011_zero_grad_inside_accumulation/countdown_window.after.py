# A window counted down (`to_go -= 1`, the step when `0 == to_go`, then `to_go = self.accum`
# again) that clears the optimizer on every micro-batch: each step applies the last
# micro-batch's gradient only. The clear moves into the window, after the step.
import torch


class Trainer:
    def __init__(self, model, optimizer, accum):
        self.model, self.optimizer, self.accum = model, optimizer, accum

    def epoch(self, loader):
        to_go = self.accum
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(self.model(x), y) / self.accum
            loss.backward()
            to_go -= 1
            if 0 == to_go:
                self.optimizer.step()
                self.optimizer.zero_grad()
                to_go = self.accum
        if to_go != self.accum:
            self.optimizer.step()
            self.optimizer.zero_grad()
