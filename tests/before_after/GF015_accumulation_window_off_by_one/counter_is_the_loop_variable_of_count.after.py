import itertools

import torch
from torch.nn import functional as F


def train(model, optimizer, stream, total_micro_batches: int, accumulation: int = 4):
    for step in itertools.count():
        if step >= total_micro_batches:
            break
        tokens, targets = next(stream)
        logits = model(tokens)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1)) / accumulation
        loss.backward()
        if (step + 1) % accumulation == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
