# The epoch function switches the model to train mode and then the frozen encoder back to
# eval mode: the freeze holds. Silent.
import torch
from torch import nn


def train_one_epoch(model, batches, opt, frozen):
    model.train()
    if frozen:
        model.encoder.eval()
    for x, y in batches:
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()


def main(model, batches, epochs=5, freeze_epochs=2):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        frozen = epoch < freeze_epochs
        if frozen:
            model.encoder.eval()
            for p in model.encoder.parameters():
                p.requires_grad = False
        train_one_epoch(model, batches, opt, frozen)
