"""An accumulation window in a `while idx < len(batches):` loop that reads `batches[idx]` and
moves the index on by one each iteration: a pass over the data whose index is also the
window's counter. The micro-batches after the last full window are never stepped."""
import torch
from torch import nn


def fit(model: nn.Module, batches: list, accum: int = 4) -> None:
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(5):
        idx = 0
        while idx < len(batches):
            features, labels = batches[idx]
            loss = criterion(model(features), labels) / accum
            loss.backward()
            idx += 1
            if idx % accum == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
