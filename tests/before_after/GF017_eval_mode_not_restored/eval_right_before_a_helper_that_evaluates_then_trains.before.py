"""The model is switched to eval mode right before a helper that first evaluates it without
gradients and then fine-tunes it: the fine-tuning runs in eval mode. Reported without a fix: a
`train()` between the `eval()` and the helper would undo the `eval()` for the evaluation too."""
import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
x = torch.randn(16, 4)


def train_epoch(model):
    for _ in range(3):
        optimizer.zero_grad(set_to_none=True)
        model(x).pow(2).mean().backward()
        optimizer.step()


def evaluate_then_finetune(model):
    with torch.no_grad():
        print("before", model(x).pow(2).mean().item())
    for _ in range(2):
        optimizer.zero_grad(set_to_none=True)
        model(x).pow(2).mean().backward()
        optimizer.step()


for epoch in range(3):
    model.train()
    train_epoch(model)
    model.eval()
    evaluate_then_finetune(model)
