# `train()` runs only while the optimizer-step count is still zero (`if not global_step:`,
# `if steps_done == 0:`), the count going up with every step, and each epoch ends with an
# evaluation in eval mode: every epoch after the first trains in eval mode.
import torch
import torch.nn as nn


class Trainer:
    def __init__(self, net: nn.Module, batches, holdout):
        self.net = nn.Sequential(net, nn.Dropout(0.2), nn.Linear(8, 3))
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1, momentum=0.9)
        self.batches = batches
        self.holdout = holdout

    def run(self, epochs: int) -> None:
        global_step = 0
        epoch = 0
        while epoch < epochs:
            if not global_step:
                self.net.train()
            for x, y in self.batches:
                self.opt.zero_grad(set_to_none=True)
                nn.functional.cross_entropy(self.net(x), y).backward()
                self.opt.step()
                global_step += 1
            self.net.eval()
            with torch.no_grad():
                print(epoch, sum(self.net(x).argmax(1).eq(y).sum().item() for x, y in self.holdout))
            epoch += 1


def fit(model: nn.Module, loader, val_loader, epochs: int) -> None:
    adam = torch.optim.Adam(model.parameters(), lr=1e-3)
    steps_done = 0
    for _ in range(epochs):
        if steps_done == 0:
            model.train()
        for inputs, targets in loader:
            adam.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(inputs), targets).backward()
            adam.step()
            steps_done += 1
        model.eval()
        with torch.no_grad():
            print(sum(nn.functional.mse_loss(model(x), y).item() for x, y in val_loader))
