import torch
from torch import nn


class Loop:
    def __init__(self, net, batches, epochs):
        self.net = net
        self.batches = batches
        self.epochs = epochs
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
        self.loss_fn = nn.MSELoss()

    def update(self, inputs, targets):
        self.optimizer.zero_grad()
        loss = self.loss_fn(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def epoch_done(self, epoch):
        pass

    def train(self):
        epoch = 0
        while epoch < self.epochs:
            for inputs, targets in self.batches:
                self.update(inputs, targets)
            self.epoch_done(epoch)
            epoch += 1


class CosineLoop(Loop):
    def __init__(self, net, batches, epochs):
        super().__init__(net, batches, epochs)
        self.schedule = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=self.epochs * len(self.batches))

    def epoch_done(self, epoch):
        self.schedule.step()
        print(f"epoch {epoch}: lr {self.schedule.get_last_lr()[0]:.2e}")


CosineLoop(nn.Linear(4, 1), [(torch.randn(8, 4), torch.randn(8, 1))] * 5, 3).train()
