import torch
from transformers import get_linear_schedule_with_warmup


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
        t_total = epochs * len(self.loader)
        self.scheduler = get_linear_schedule_with_warmup(self.opt, 0, t_total)

    def train(self):
        for epoch in range(self.epochs):
            for x, y in self.loader:
                self.opt.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.opt.step()
            self.scheduler.step()
