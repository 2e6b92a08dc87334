"""A factory of the file picks the criterion by name and is called with the literal naming its
cross-entropy arm; the training loop feeds that criterion softmax probabilities. Reported
without a fix: the factory may be changed to pick another loss."""
import torch
import torch.nn.functional as F
from torch import nn


def criterion_for(kind, reduction="mean"):
    """Losses by name."""
    if kind == "l1":
        return nn.L1Loss(reduction=reduction)
    elif kind in ("ce", "xent"):
        return nn.CrossEntropyLoss(reduction=reduction)
    raise ValueError(kind)


def fit(model, loader, epochs):
    criterion = criterion_for("xent")
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for batch, labels in loader:
            probs = F.softmax(model(batch), dim=1)
            loss = criterion(probs, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


fit(nn.Linear(6, 3), [(torch.randn(4, 6), torch.randint(0, 3, (4,)))], 2)
