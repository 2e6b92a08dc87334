import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, accum_steps=4):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.accum_steps = accum_steps
        self.micro_steps = 0

    def train_step(self, x, y):
        loss = F.mse_loss(self.model(x), y) / self.accum_steps
        loss.backward()
        if self.micro_steps % self.accum_steps == 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
        self.micro_steps += 1

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.train_step(x, y)
