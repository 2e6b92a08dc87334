import torch
from torch.nn import functional as F


def train(model, optimizer, train_dataloader, gradient_accumulation_steps: int = 8):
    model.train()
    for index, (inputs, targets) in enumerate(train_dataloader):
        loss = F.cross_entropy(model(inputs), targets) / gradient_accumulation_steps
        if (index + 1) % gradient_accumulation_steps != 0 and index + 1 != len(train_dataloader):
            with model.no_sync():
                loss.backward()
        else:
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
