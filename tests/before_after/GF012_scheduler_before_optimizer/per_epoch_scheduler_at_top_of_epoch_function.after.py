import torch
from torch import nn


def train_one_epoch(net, opt, sched, loader, device):
    net.train()
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        opt.zero_grad()
        loss = nn.functional.cross_entropy(net(images), labels)
        loss.backward()
        opt.step()
    # decay first, then the epoch's batches
    sched.step()
    return loss.item()


def main(loader, device="cpu", epochs=30):
    net = nn.Sequential(nn.Flatten(), nn.Linear(784, 10)).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[10, 20], gamma=0.1)
    epoch = 0
    while epoch < epochs:
        train_one_epoch(net, opt, sched, loader, device)
        epoch += 1
