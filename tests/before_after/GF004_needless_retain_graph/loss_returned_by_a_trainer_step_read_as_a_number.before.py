import torch
import torch.nn.functional as F
from torch import nn


class Trainer:
    def __init__(self, net: nn.Module) -> None:
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.05)

    def train_step(self, inputs: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        self.optimizer.zero_grad()
        loss = F.cross_entropy(self.net(inputs), labels)
        loss.backward(retain_graph=True)
        self.optimizer.step()
        return loss

    def train_epoch(self, loader) -> float:
        total = 0.0
        for inputs, labels in loader:
            loss = self.train_step(inputs, labels)
            total += loss.item()
        return total / len(loader)


trainer = Trainer(nn.Linear(6, 3))
for epoch in range(3):
    print(f"epoch {epoch}: {trainer.train_epoch([(torch.randn(4, 6), torch.randint(0, 3, (4,)))] * 5):.4f}")
