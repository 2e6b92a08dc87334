import torch

from tools.grad_ops import clip_grads


class Trainer:
    def __init__(self, model, lr=0.01, max_value=0.5):
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)
        self.max_value = max_value
        self.steps = 0

    def fit(self, loader, total):
        while self.steps < total:
            for inputs, targets in loader:
                self.opt.zero_grad()
                loss = torch.nn.functional.smooth_l1_loss(self.model(inputs), targets)
                loss.backward()
                clip_grads(self.model.parameters(), self.max_value)
                self.opt.step()
                self.steps += 1
