import torch
import torch.nn as nn


def train(model, loader, max_norm):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for inputs, targets in loader:
        optimizer.zero_grad()
        nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        outputs = model(inputs)
        loss = nn.functional.cross_entropy(outputs, targets)
        loss.backward()
        optimizer.step()
