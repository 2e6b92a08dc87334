# A trainer class is handed the optimizer and decays its rate by setting an attribute.
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, optim, base_lr=0.1):
        self.net = net
        self.optim = optim
        self.base_lr = base_lr

    def epoch(self, number, batches):
        self.optim.lr = self.base_lr * 0.5 ** number
        for param_group in self.optim.param_groups:
            param_group["lr"] = self.optim.lr
        for x, y in batches:
            self.optim.zero_grad()
            F.mse_loss(self.net(x), y).backward()
            self.optim.step()


net = torch.nn.Linear(3, 1)
trainer = Trainer(net, torch.optim.SGD(net.parameters(), lr=0.1))
for number in range(3):
    trainer.epoch(number, [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(4)])
