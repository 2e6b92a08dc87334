import torch
import torch.nn as nn
import torch.nn.functional as F


class Finetuner:
    def __init__(self, backbone: nn.Module, lr: float = 0.01):
        self.net = nn.Sequential(backbone, nn.Linear(16, 3))
        for p in self.net[0].parameters():
            p.requires_grad = False
        self.optimizer = torch.optim.SGD(filter(lambda p: p.requires_grad, self.net.parameters()), lr=lr)

    def unfreeze(self) -> None:
        for p in self.net[0].parameters():
            p.requires_grad = True

    def train_epoch(self, batches) -> None:
        for x, y in batches:
            self.optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(self.net(x), y).backward()
            self.optimizer.step()


tuner = Finetuner(nn.Sequential(nn.Linear(8, 16), nn.ReLU()))
tuner.train_epoch(load(0))
tuner.unfreeze()
for stage in range(2):
    tuner.train_epoch(load(stage + 1))
