import torch
import torch.nn as nn


def finetune(model, loader, epochs, unfreeze_at=5):
    for p in model.backbone.parameters():
        p.requires_grad = False
    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    for epoch in range(epochs):
        if epoch == unfreeze_at:
            for p in model.backbone.parameters():
                p.requires_grad = True
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
