import torch
from torch import nn

model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Dropout(0.2), nn.Linear(64, 2))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
val_x, val_y = torch.randn(128, 20), torch.randint(0, 2, (128,))


def evaluate():
    # reads the module's `model`: no argument needed
    model.eval()
    with torch.no_grad():
        return (model(val_x).argmax(1) == val_y).float().mean().item()


def train(loader, epochs):
    step = 0
    while step < epochs * len(loader):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            step += 1
        print(f"step {step}: val acc {evaluate():.3f}")
        model.train()
