import torch
from torch import nn


class DetectionTrainer:
    def __init__(self, model: nn.Module, criterion, optimizer: torch.optim.Optimizer):
        self.model = model
        self.criterion = criterion
        self.optimizer = optimizer
        self.history = {"loss": [], "box": [], "cls": []}

    def fit(self, loader, epochs: int) -> None:
        for epoch in range(epochs):
            epoch_total = 0.0
            for images, boxes, labels in loader:
                total, box_loss, cls_loss = self.criterion(self.model(images), boxes, labels)
                self.optimizer.zero_grad(set_to_none=True)
                total.backward()
                self.optimizer.step()
                epoch_total += total.detach()
                self.history["loss"].append(total.detach())
                self.history["box"].append(box_loss.item())
                self.history["cls"].extend([cls_loss.item()])
            print(f"epoch {epoch}: {epoch_total / len(loader):.4f}")


def train(net, data, opt):
    log = {"loss": []}
    for x, y in data:
        loss, count = nn.functional.mse_loss(net(x), y, reduction="sum"), len(y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log["loss"].extend([loss.detach() / count])
    return log
