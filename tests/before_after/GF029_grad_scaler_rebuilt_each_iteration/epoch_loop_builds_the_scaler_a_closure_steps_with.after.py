import torch
import torch.nn.functional as F


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step(x, y):
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        return loss.item()

    scaler = torch.amp.GradScaler("cuda")
    for epoch in range(epochs):
        for x, y in loader:
            step(x, y)
