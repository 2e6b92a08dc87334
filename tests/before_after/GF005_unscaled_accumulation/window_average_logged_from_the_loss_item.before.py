import torch
import torch.nn.functional as F


def train(model, optimizer, loader, accumulation_steps=4, log_every=50):
    window_loss = 0.0
    for i, (x, y) in enumerate(loader):
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        window_loss += loss.item() / accumulation_steps
        if (i + 1) % accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            if (i + 1) % log_every == 0:
                print(f"step {i + 1}: {window_loss:.4f}")
            window_loss = 0.0
