import torch

ACC = 4
BASE_LR = 0.05


def train(model, loader, criterion):
    # SGD: summing ACC gradients at lr / ACC is averaging them at lr
    opt = torch.optim.SGD(model.parameters(), lr=BASE_LR / ACC)
    for i, (x, y) in enumerate(loader):
        criterion(model(x), y).backward()
        if (i + 1) % ACC == 0 or i + 1 == len(loader):
            opt.step()
            opt.zero_grad()
