import torch
from torch import nn
from tqdm import tqdm


def train(model, loader, optimizer, grad_accum=8):
    model.train()
    pbar = tqdm(enumerate(loader), total=len(loader), desc="train")
    for it, (inputs, targets) in pbar:
        loss = nn.functional.cross_entropy(model(inputs), targets)
        (loss / grad_accum).backward()
        if it % grad_accum == 0 or it == len(loader) - 1:
            optimizer.step()
            optimizer.zero_grad()
        pbar.set_postfix(loss=loss.item())
