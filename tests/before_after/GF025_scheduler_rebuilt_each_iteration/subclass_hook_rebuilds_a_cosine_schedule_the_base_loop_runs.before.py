import torch


class Loop:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(self, batch):
        ...

    def train(self, data, epochs=2):
        for _ in range(epochs):
            for batch in data:
                self.step(batch)


class CosineLoop(Loop):
    def step(self, batch):
        self.lr_schedule = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=10)
        inputs, target = batch
        self.opt.zero_grad()
        torch.nn.functional.mse_loss(self.net(inputs), target).backward()
        self.opt.step()
        self.lr_schedule.step()


CosineLoop(torch.nn.Linear(2, 1)).train([(torch.randn(4, 2), torch.randn(4, 1))] * 3)
