# Unfreezing through `apply`, a helper of the file or a loop over a module's blocks, where the
# optimizer already holds the parameters or is told of them: built over all of them without a
# `requires_grad` filter; given a new parameter group after the unfreezing; rebuilt. A function
# that unfreezes only some modules (`if isinstance(m, nn.BatchNorm2d)`) is not read as
# unfreezing all of them, a module's own `requires_grad` attribute set in a loop over modules
# is no parameter's flag, and `apply` with an initializer unfreezes nothing.
import torch
import torch.nn as nn


def unfreeze(module):
    for p in module.parameters():
        p.requires_grad = True


def unfreeze_norms(module):
    if isinstance(module, nn.BatchNorm1d):
        module.requires_grad_(True)


def init_weights(module):
    if isinstance(module, nn.Linear):
        nn.init.zeros_(module.bias)


def fit(model, loader, epochs, optimizer):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()


def finetune_all(model, loader, epochs):
    for p in model.backbone.parameters():
        p.requires_grad = False
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model.backbone.apply(unfreeze)
    fit(model, loader, epochs, optimizer)


def finetune_group(model, loader, epochs):
    for p in model.backbone.parameters():
        p.requires_grad = False
    optimizer = torch.optim.AdamW(model.head.parameters(), lr=1e-3)
    unfreeze(model.backbone)
    optimizer.add_param_group({"params": model.backbone.parameters(), "lr": 1e-4})
    fit(model, loader, epochs, optimizer)


def finetune_rebuilt(model, loader, epochs):
    for p in model.backbone.parameters():
        p.requires_grad = False
    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    fit(model, loader, 1, optimizer)
    for block in model.backbone:
        for p in block.parameters():
            p.requires_grad = True
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    fit(model, loader, epochs, optimizer)


def finetune_norms(model, loader, epochs):
    for p in model.head.parameters():
        p.requires_grad = False
    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    model.apply(unfreeze_norms)
    model.apply(init_weights)
    for m in model.modules():
        m.requires_grad = True
    fit(model, loader, epochs, optimizer)
