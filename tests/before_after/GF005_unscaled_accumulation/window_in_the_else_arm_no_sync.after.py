import torch
from torch.nn import functional as F


def train(model, optimizer, train_dataloader, gradient_accumulation_steps: int = 8):
    model.train()
    for index, (inputs, targets) in enumerate(train_dataloader):
        outputs = model(inputs)
        loss = F.cross_entropy(outputs, targets)
        if (index + 1) % gradient_accumulation_steps != 0 and index + 1 != len(train_dataloader):
            # only accumulate: no gradient synchronisation between processes
            with model.no_sync():
                (loss / gradient_accumulation_steps).backward()
        else:
            (loss / gradient_accumulation_steps).backward()
            optimizer.step()
            optimizer.zero_grad()
