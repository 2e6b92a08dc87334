import torch
import torch.nn.functional as F
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 3)

    def losses(self, inputs, labels):
        return {"loss": F.cross_entropy(self.body(inputs), labels), "count": len(labels)}


def train(model, optimizer, batches):
    running = 0.0
    for inputs, labels in batches:
        optimizer.zero_grad()
        result = model.losses(inputs, labels)
        result["loss"].backward()
        optimizer.step()
        running += result["loss"].item()
    return running


def train_replaced(model, optimizer, batches):
    total = 0.0
    for inputs, labels in batches:
        optimizer.zero_grad()
        parts = model.losses(inputs, labels)
        parts["loss"].backward()
        optimizer.step()
        parts["loss"] = parts["loss"].detach()
        total += parts["loss"]
    return total


def train_other_key(model, optimizer, batches):
    seen = 0
    for inputs, labels in batches:
        optimizer.zero_grad()
        parts = model.losses(inputs, labels)
        parts["loss"].backward()
        optimizer.step()
        seen += parts["count"]
    return seen


if __name__ == "__main__":
    model = Classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    data = [(torch.randn(5, 4), torch.randint(0, 3, (5,))) for _ in range(4)]
    print(train(model, opt, data), train_replaced(model, opt, data), train_other_key(model, opt, data))
