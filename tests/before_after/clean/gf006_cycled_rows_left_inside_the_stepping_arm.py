"""Rows cycled without end; the loop is left only from inside the window's stepping arm, after
the step (whatever the test there reads): it never leaves with micro-batches pending."""
import itertools

import torch
from torch import nn

ACCUMULATE = 2
rows = [(torch.randn(4, 3), torch.randint(0, 2, (4,))) for _ in range(5)]
classifier = nn.Linear(3, 2)
opt = torch.optim.SGD(classifier.parameters(), lr=0.1, momentum=0.9)

for index, (x, y) in enumerate(itertools.cycle(rows)):
    loss = nn.functional.cross_entropy(classifier(x), y) / ACCUMULATE
    loss.backward()
    if (index + 1) % ACCUMULATE == 0:
        opt.step()
        opt.zero_grad()
        if index > 12 and loss.item() < 10.0:
            break
