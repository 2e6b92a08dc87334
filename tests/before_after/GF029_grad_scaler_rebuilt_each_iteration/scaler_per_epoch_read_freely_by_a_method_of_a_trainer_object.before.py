import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, optim):
        self.model = model
        self.optim = optim

    def train_batch(self, batch):
        inputs, targets = batch
        self.optim.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = nn.functional.mse_loss(self.model(inputs), targets)
        grad_scaler.scale(loss).backward()
        grad_scaler.step(self.optim)
        grad_scaler.update()
        return loss.item()


model = nn.Linear(4, 1)
trainer = Trainer(model, torch.optim.Adam(model.parameters(), lr=1e-3))
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
epoch = 0
while epoch < 3:
    grad_scaler = torch.amp.GradScaler("cpu")
    for batch in data:
        trainer.train_batch(batch)
    epoch += 1
