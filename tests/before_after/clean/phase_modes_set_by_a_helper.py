import torch
from torch import nn


def set_mode(module, phase):
    if phase == "train":
        module.train()
    else:
        module.eval()


def run(model, loaders, optimizer, epochs):
    for epoch in range(epochs):
        for phase in ("train", "val"):
            set_mode(model, phase)
            if phase == "val":
                model.eval()
            for x, y in loaders[phase]:
                if phase == "train":
                    optimizer.zero_grad(set_to_none=True)
                    nn.functional.cross_entropy(model(x), y).backward()
                    optimizer.step()
                else:
                    with torch.no_grad():
                        model(x)
