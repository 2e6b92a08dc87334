import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    grad_scaler = torch.amp.GradScaler("cuda")

    def amp_step(inputs, labels):
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(model(inputs), labels)
        grad_scaler.scale(loss).backward()
        grad_scaler.step(optimizer)
        grad_scaler.update()
        return loss.item()

    def fresh_probe():
        # a scaler of its own for a one-off check, stepped by nothing
        probe = torch.amp.GradScaler("cuda", init_scale=1.0)
        return probe.get_scale()

    for epoch in range(epochs):
        for inputs, labels in loader:
            amp_step(inputs, labels)
            fresh_probe()
