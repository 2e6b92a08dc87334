# The scaler handed to the trainer is switched off: nothing is scaled, the plain step is right.
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, optim, scaler):
        self.net, self.optim, self.scaler = net, optim, scaler

    def step(self, x, y):
        self.optim.zero_grad()
        loss = F.mse_loss(self.net(x), y)
        self.scaler.scale(loss).backward()
        self.optim.step()


net = torch.nn.Linear(3, 1)
trainer = Trainer(net, torch.optim.SGD(net.parameters(), lr=0.1), torch.amp.GradScaler("cpu", enabled=False))
for x, y in [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]:
    trainer.step(x, y)
