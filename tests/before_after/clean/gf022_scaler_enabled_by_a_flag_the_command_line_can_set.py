# The scaler's `enabled=LOSS_SCALING` flag is `False` at the top of the module but the command
# line may turn it on (it is bound again in `main`): gradfix cannot tell it is off, so the
# scaler counts as loss scaling. A second flag bound once to `True` enables the other scaler.
import argparse

import torch
import torch.nn.functional as F

LOSS_SCALING = False
FINETUNE_SCALING = True


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cuda", enabled=LOSS_SCALING)
    for _ in range(epochs):
        for images, labels in loader:
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.cross_entropy(model(images.cuda()), labels.cuda())
            optimizer.zero_grad(set_to_none=True)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()


def finetune(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-4)
    scaler = torch.amp.GradScaler("cuda", enabled=FINETUNE_SCALING)
    for images, labels in loader:
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(images.cuda()), labels.cuda())
        optimizer.zero_grad(set_to_none=True)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def main(model, loader):
    global LOSS_SCALING
    parser = argparse.ArgumentParser()
    parser.add_argument("--loss-scaling", action="store_true")
    LOSS_SCALING = parser.parse_args().loss_scaling
    train(model, loader, epochs=3)
    finetune(model, loader)
