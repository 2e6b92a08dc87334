import torch

import engine


def finetune(model, loader):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    for batch in loader:
        engine.step(model, batch, optimizer)
