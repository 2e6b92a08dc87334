import torch
import torch.nn as nn
import torch.nn.functional as F


class Finetuner:
    def __init__(self, backbone: nn.Module, lr: float = 0.01):
        self.net = nn.Sequential(backbone, nn.Linear(16, 10))
        for p in self.net[0].parameters():
            p.requires_grad = False
        self.optimizer = torch.optim.SGD(filter(lambda p: p.requires_grad, self.net.parameters()), lr=lr)

    def replace_classifier(self, classes: int) -> None:
        self.net[1] = nn.Linear(16, classes)

    def unfreeze(self) -> None:
        for p in self.net[0].parameters():
            p.requires_grad = True

    def train_epoch(self, batches) -> float:
        total = 0.0
        for x, y in batches:
            self.optimizer.zero_grad(set_to_none=True)
            loss = F.cross_entropy(self.net(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        return total


def main(batches, epochs: int = 3) -> None:
    tuner = Finetuner(nn.Sequential(nn.Linear(8, 16), nn.ReLU()))
    tuner.replace_classifier(3)
    epoch = 0
    while epoch < epochs:
        tuner.train_epoch(batches)
        epoch += 1
