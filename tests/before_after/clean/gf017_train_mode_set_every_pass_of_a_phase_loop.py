# The loop walks phases, not epochs: `if phase == "train":` holds on every training pass, and
# switches the model back to train mode after each validation pass.
import torch
import torch.nn as nn


def fit(model, loaders, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for phase in ["train", "val"] * epochs:
        if phase == "train":
            model.train()
        else:
            model.eval()
        for x, y in loaders[phase]:
            with torch.set_grad_enabled(phase == "train"):
                loss = nn.functional.cross_entropy(model(x), y)
            if phase == "train":
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
