import torch
import torch.nn.functional as F


def fit(model, optimizer, loader, epochs):
    # the whole run under one autocast: every forward is float16
    with torch.cuda.amp.autocast():
        for epoch in range(epochs):
            for inputs, targets in loader:
                loss = F.cross_entropy(model(inputs), targets)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
