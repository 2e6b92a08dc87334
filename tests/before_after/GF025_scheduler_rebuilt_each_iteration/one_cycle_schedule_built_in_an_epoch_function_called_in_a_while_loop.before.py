import torch
from torch import nn
from torch.optim.lr_scheduler import OneCycleLR


def run_epoch(net, opt, batches, total_epochs):
    sched = OneCycleLR(opt, max_lr=0.1, epochs=total_epochs, steps_per_epoch=len(batches))
    total = 0.0
    for x, y in batches:
        opt.zero_grad()
        loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        sched.step()
        total += loss.item()
    return total


def main(epochs=5):
    net = nn.Linear(8, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    batches = [(torch.randn(16, 8), torch.randint(0, 3, (16,)))] * 4
    epoch = 0
    while epoch < epochs:
        loss = run_epoch(net, opt, batches, epochs)
        print(epoch, loss)
        epoch += 1


main()
