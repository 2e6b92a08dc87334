# The window is counted in tokens (`tokens += ids.numel()` ... `if tokens >= budget:`, reset at
# the step): the clear on every micro-batch still wipes the window's earlier micro-batches.
# Reported and fixed like a window of N micro-batches; the message names the window's test,
# since `budget` is no number of micro-batches.
import torch
from torch import nn

lm = nn.Embedding(100, 16)
head = nn.Linear(16, 100)
params = list(lm.parameters()) + list(head.parameters())
optimizer = torch.optim.AdamW(params, lr=3e-4)
budget = 4096


def train(stream):
    tokens = 0
    for ids, targets in stream:
        logits = head(lm(ids))
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), targets.flatten(), reduction="sum") / budget
        loss.backward()
        tokens += ids.numel()
        if tokens >= budget:
            optimizer.step()
            optimizer.zero_grad()
            tokens = 0
