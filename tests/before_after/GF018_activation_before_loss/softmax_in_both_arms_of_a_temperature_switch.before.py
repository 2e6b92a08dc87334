import torch
import torch.nn as nn


def train(model, loader, optimizer, temperature=None):
    criterion = nn.CrossEntropyLoss()
    for inputs, labels in loader:
        optimizer.zero_grad(set_to_none=True)
        logits = model(inputs)
        if temperature is not None:
            scores = torch.softmax(logits / temperature, dim=-1)
        else:
            scores = logits.softmax(dim=-1)
        loss = criterion(scores, labels)
        loss.backward()
        optimizer.step()
