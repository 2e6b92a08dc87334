import torch

from loaders import build_train_loader
from reporting import describe


class Reshuffle:
    def on_epoch_start(self, loader, epoch):
        getattr(loader.sampler, "set_" + "epoch")(epoch)


net = torch.nn.Linear(3, 1)
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
train_loader = build_train_loader(torch.utils.data.TensorDataset(torch.randn(40, 3), torch.randn(40, 1)), 5)
for epoch in range(4):
    describe(epoch, train_loader, Reshuffle())
    for inputs, targets in train_loader:
        opt.zero_grad()
        torch.nn.functional.mse_loss(net(inputs), targets).backward()
        opt.step()
