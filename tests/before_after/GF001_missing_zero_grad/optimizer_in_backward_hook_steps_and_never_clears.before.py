import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 10))
fused = {w: torch.optim.AdamW([w], lr=3e-4, weight_decay=0.01) for w in encoder.parameters()}


def update_in_backward(w):
    """Step this parameter as soon as its gradient is complete."""
    fused[w].step()


for w in encoder.parameters():
    w.register_post_accumulate_grad_hook(update_in_backward)


def train(loader, epochs):
    for _ in range(epochs):
        for tokens, labels in loader:
            logits = encoder(tokens)
            nn.functional.cross_entropy(logits, labels).backward()
