"""Two optimizers over two parts of one model, one scaled backward, the update in between."""

import torch


class Trainer:
    def __init__(self, encoder, head, loader):
        self.encoder = encoder
        self.head = head
        self.loader = loader
        self.enc_opt = torch.optim.AdamW(encoder.parameters(), lr=1e-4)
        self.head_opt = torch.optim.SGD(head.parameters(), lr=1e-2, momentum=0.9)
        self.grad_scaler = torch.amp.GradScaler("cuda")

    def train_step(self, x, y):
        self.enc_opt.zero_grad()
        self.head_opt.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(self.head(self.encoder(x)), y)
        scaled = self.grad_scaler.scale(loss)
        scaled.backward()
        self.grad_scaler.step(self.enc_opt)
        self.grad_scaler.step(self.head_opt)
        self.grad_scaler.update()
        return loss.item()

    def fit(self, epochs):
        for _ in range(epochs):
            for x, y in self.loader:
                self.train_step(x, y)
