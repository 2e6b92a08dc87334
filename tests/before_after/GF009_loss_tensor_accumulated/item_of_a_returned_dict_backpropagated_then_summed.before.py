import torch
import torch.nn.functional as F
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 3)

    def losses(self, inputs, labels):
        logits = self.body(inputs)
        return {"loss": F.cross_entropy(logits, labels), "count": len(labels)}


def train(model, optimizer, batches):
    running = 0.0
    for inputs, labels in batches:
        optimizer.zero_grad()
        result = model.losses(inputs, labels)
        result["loss"].backward()
        optimizer.step()
        running = running + result["loss"]
    return float(running) / len(batches)


def train_while(model, optimizer, batches):
    total, index = 0.0, 0
    while index < len(batches):
        optimizer.zero_grad()
        parts = model.losses(*batches[index])
        parts["loss"].backward()
        optimizer.step()
        total += parts["loss"]  # logged at the end
        index += 1
    return total


if __name__ == "__main__":
    model = Classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    data = [(torch.randn(5, 4), torch.randint(0, 3, (5,))) for _ in range(4)]
    print(train(model, opt, data), float(train_while(model, opt, data)))
