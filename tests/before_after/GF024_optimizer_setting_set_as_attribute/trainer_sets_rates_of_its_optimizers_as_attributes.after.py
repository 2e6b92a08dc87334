# A domain-adversarial trainer lowers the rate of its two optimizers every iteration by
# assigning attributes; neither optimizer ever sees the new value. Each assignment is reported;
# the network's optimizer (one group) gets a safe fix, the discriminator's optimizer (two
# groups with their own rates) only an unsafe one.
import torch
from torch import nn, optim


class AdaptationTrainer:
    def __init__(self, net, discriminator, lr):
        self.net = net
        self.discriminator = discriminator
        self.base_lr = lr
        self.net_optimizer = optim.SGD(self.net.parameters(), lr=lr, momentum=0.9)
        self.disc_optimizer = optim.Adam(
            [
                {"params": discriminator[0].parameters(), "lr": lr},
                {"params": discriminator[2].parameters(), "lr": lr * 10},
            ],
            betas=(0.5, 0.999),
        )

    def anneal(self, progress):
        lr = self.base_lr / (1.0 + 10 * progress) ** 0.75
        self.net_optimizer.lr = lr
        for param_group in self.net_optimizer.param_groups:
            param_group["lr"] = self.net_optimizer.lr
        self.disc_optimizer.lr = lr
        self.net_optimizer.momentum = 0.95
        for param_group in self.net_optimizer.param_groups:
            param_group["momentum"] = self.net_optimizer.momentum

    def train(self, source_batches, steps):
        for step in range(steps):
            self.anneal(step / steps)
            for x, y in source_batches:
                self.net_optimizer.zero_grad()
                self.disc_optimizer.zero_grad()
                features = self.net(x)
                loss = nn.functional.cross_entropy(features, y)
                loss = loss + self.discriminator(features).mean()
                loss.backward()
                self.net_optimizer.step()
                self.disc_optimizer.step()


trainer = AdaptationTrainer(nn.Linear(6, 4), nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)), 0.01)
trainer.train([(torch.randn(5, 6), torch.randint(0, 4, (5,)))], 3)
