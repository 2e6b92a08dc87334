# validate() calls run_eval() of metrics.py, which switches the model back to train mode before
# it returns: correct.
import torch
from torch import nn

from evaluation import validate


def train(model, loader, val_batches, epochs=10):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.CrossEntropyLoss()
    model.train()
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad(set_to_none=True)
            criterion(model(inputs), targets).backward()
            optimizer.step()
        validate(model, val_batches, criterion)
    return model
