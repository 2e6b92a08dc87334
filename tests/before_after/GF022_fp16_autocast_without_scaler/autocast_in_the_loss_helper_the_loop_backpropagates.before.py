import torch
from torch import nn

device = torch.device("cuda")
encoder = nn.Sequential(nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 4)).to(device)
adamw = torch.optim.AdamW(encoder.parameters(), lr=3e-4)


def batch_loss(inputs, targets):
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        logits = encoder(inputs.to(device))
    return nn.functional.cross_entropy(logits.float(), targets.to(device))


def fit(batches, epochs=1):
    for _ in range(epochs):
        for inputs, targets in batches:
            adamw.zero_grad(set_to_none=True)
            objective = batch_loss(inputs, targets)
            objective.backward()
            adamw.step()
