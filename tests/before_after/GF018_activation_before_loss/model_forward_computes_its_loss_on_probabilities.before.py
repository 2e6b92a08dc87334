"""A model whose `forward` computes its own loss when given labels (the style of many
research models): it hands the softmax probabilities, not the logits, to its cross-entropy."""
import torch
import torch.nn.functional as F
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 3)

    def forward(self, x, labels=None):
        logits = self.head(x)
        probs = F.softmax(logits, dim=-1)
        if labels is None:
            return probs
        return F.cross_entropy(probs, labels)


model = Classifier()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(20):
    x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
    optimizer.zero_grad(set_to_none=True)
    loss = model(x, labels=y)
    loss.backward()
    optimizer.step()
