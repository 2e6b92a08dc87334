import torch
import torch.nn as nn


class CrossEntropyLoss(nn.Module):
    """Cross-entropy over probabilities (the model ends with a softmax)."""

    def forward(self, probs, target):
        return -torch.log(probs.gather(1, target[:, None]) + 1e-8).mean()


criterion = CrossEntropyLoss()
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(torch.softmax(model(x), dim=1), y)
    loss.backward()
    optimizer.step()
