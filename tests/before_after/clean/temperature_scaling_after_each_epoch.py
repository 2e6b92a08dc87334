"""After each epoch the model is switched to eval mode and a calibration helper fits a
temperature: its optimizer steps a fresh `nn.Parameter`, no module, over logits computed without
gradients. Nothing trains the model in eval mode; the loop switches back at its top."""
import torch
import torch.nn.functional as F
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.3), nn.Linear(8, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_batches = [(torch.randn(16, 4), torch.randint(0, 3, (16,))) for _ in range(3)]
val_x, val_y = torch.randn(32, 4), torch.randint(0, 3, (32,))


def fit_temperature(model):
    with torch.no_grad():
        logits = model(val_x)
    temperature = nn.Parameter(torch.ones(1))
    calibration = torch.optim.Adam([temperature], lr=0.01)
    for _ in range(20):
        calibration.zero_grad(set_to_none=True)
        F.cross_entropy(logits / temperature, val_y).backward()
        calibration.step()
    return temperature.item()


for epoch in range(3):
    model.train()
    for x, y in train_batches:
        optimizer.zero_grad(set_to_none=True)
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    model.eval()
    print(epoch, fit_temperature(model))
