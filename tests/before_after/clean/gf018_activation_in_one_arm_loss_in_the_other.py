# The sigmoid is applied in one arm of an `if` and the cross-entropy is computed in the other:
# the loss never receives the activation (a multi-label arm and a multi-class arm of one loss
# helper, the logits rebound in the first arm only). The multi-label arm's own loss takes
# probabilities and is right.
import torch
import torch.nn.functional as F
from torch import nn


def class_loss(logits, y, multi_label):
    if multi_label:
        logits = torch.sigmoid(logits)
        loss = F.binary_cross_entropy(logits, y)
    else:
        loss = F.cross_entropy(logits, y.argmax(1))
    return loss


model = nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 4), torch.eye(3)[torch.randint(0, 3, (8,))]) for _ in range(5)]
for x, y in batches:
    opt.zero_grad()
    class_loss(model(x), y, multi_label=False).backward()
    opt.step()
