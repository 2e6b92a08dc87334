"""A loss written as an `nn.Module` (the noisy-label style, every loss a class whose `forward`
takes the logits and the labels), with its `forward` applying softmax before a cross-entropy
that applies log-softmax itself. The loop calls the criterion object."""
import torch
import torch.nn.functional as F
from torch import nn


class RobustCE(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, logits, labels):
        return F.cross_entropy(logits, labels)


model = nn.Linear(4, 3)
criterion = RobustCE(num_classes=3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(20):
    x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
    optimizer.zero_grad(set_to_none=True)
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
