import torch
from torch import nn


def fit(model, loader, epochs, use_sam_free_path=True):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        for inputs, labels in loader:
            if use_sam_free_path:
                opt.zero_grad(set_to_none=True)
                out = model(inputs)
                loss = nn.functional.cross_entropy(out, labels)
                loss.backward()
                opt.step()
            else:
                opt.zero_grad()
                out = model(inputs)
                loss = nn.functional.cross_entropy(out, labels) + 1e-4 * sum(p.pow(2).sum() for p in model.parameters())
                loss.backward()
                opt.step()
    return model
