import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


class Runner:
    def __init__(self, net, train_loader, valid_loader, lr):
        self.net, self.lr = net, lr
        self.train_loader, self.valid_loader = train_loader, valid_loader
        self.opt = torch.optim.Adam(net.parameters(), lr=lr)

    def run(self, num_epochs):
        for epoch in range(num_epochs):
            self.net.train()
            for x, y in self.train_loader:
                self.opt.zero_grad()
                nn.functional.mse_loss(self.net(x), y).backward()
                self.opt.step()
            self.net.eval()
            with torch.no_grad():
                for x, y in self.valid_loader:
                    self.net(x)


train_set = TensorDataset(torch.randn(256, 8), torch.randn(256, 1))
valid_set = TensorDataset(torch.randn(64, 8), torch.randn(64, 1))
train_loader = DataLoader(train_set, batch_size=16, sampler=DistributedSampler(train_set))
valid_loader = DataLoader(valid_set, batch_size=16, sampler=DistributedSampler(valid_set, shuffle=False))
Runner(nn.Linear(8, 1), train_loader, valid_loader, 1e-3).run(20)
