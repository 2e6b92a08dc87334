import torch
from torch.cuda.amp import autocast


def train(model, loader, optimizer):
    model.train()
    for batch in loader:
        optimizer.zero_grad(set_to_none=True)
        with autocast():
            loss = model(**batch).loss
        loss.backward()
        optimizer.step()
