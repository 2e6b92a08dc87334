import torch
from torch import nn


class TwoPartTrainer:
    def __init__(self, encoder, head, lr):
        self.encoder = encoder
        self.head = head
        self.enc_optimizer = torch.optim.SGD(encoder.parameters(), lr=lr, momentum=0.9)
        self.head_optimizer = torch.optim.Adam(head.parameters(), lr=lr)
        self.schedule = torch.optim.lr_scheduler.StepLR(optimizer=self.head_optimizer, step_size=10, gamma=0.5)

    def fit(self, batches, rounds):
        r = 0
        while r < rounds:
            for x, y in batches:
                self.enc_optimizer.zero_grad()
                self.head_optimizer.zero_grad()
                loss = nn.functional.mse_loss(self.head(self.encoder(x)), y)
                loss.backward()
                self.enc_optimizer.step()
                self.head_optimizer.step()
            self.schedule.step()
            r += 1
