import torch

from loaders import build_train_loader
from reporting import describe

net = torch.nn.Linear(3, 1)
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
train_loader = build_train_loader(torch.utils.data.TensorDataset(torch.randn(40, 3), torch.randn(40, 1)), 5)
epoch = 0
while epoch < 4:
    describe(epoch, train_loader)
    for inputs, targets in train_loader:
        opt.zero_grad()
        torch.nn.functional.mse_loss(net(inputs), targets).backward()
        opt.step()
    epoch += 1
