import torch.nn as nn
from torch.optim import AdamW as Opt


def finetune(encoder: nn.Module, batches, lr: float) -> float:
    total = 0.0
    for step, (tokens, mask, labels) in enumerate(batches):
        opt: Opt = Opt(encoder.parameters(), lr=lr, betas=(0.9, 0.98))  # decoupled weight decay
        logits = encoder(tokens, attention_mask=mask)
        loss = nn.functional.cross_entropy(logits, labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total
