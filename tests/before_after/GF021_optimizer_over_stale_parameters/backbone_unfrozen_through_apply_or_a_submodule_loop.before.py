# Frozen parameters, left out of the optimizer, unfrozen later by other spellings than a loop
# over `X.parameters()`: `model.backbone.apply(fn)` with a function (or a lambda) that unfreezes
# its module, a helper of the file called on the module, a loop over the module's blocks or
# `modules()`, `setattr(p, "requires_grad", True)` and a list comprehension. Each unfrozen
# parameter then gets gradients that no step applies.
import torch
import torch.nn as nn


def unfreeze(module):
    for p in module.parameters():
        p.requires_grad = True


def freeze(module):
    for p in module.parameters():
        p.requires_grad_(False)


def fit(model, loader, epochs, optimizer):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()


def finetune_apply(model, loader, epochs):
    model.backbone.apply(freeze)
    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    model.backbone.apply(unfreeze)
    fit(model, loader, epochs, optimizer)


def finetune_lambda(model, loader, epochs):
    for p in model.encoder.parameters():
        p.requires_grad = False
    optimizer = torch.optim.SGD(model.head.parameters(), lr=0.01)
    model.encoder.apply(lambda m: m.requires_grad_(True))
    fit(model, loader, epochs, optimizer)


def finetune_helper(model, loader, epochs):
    for p in model.encoder.parameters():
        p.requires_grad = False
    optimizer = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.01)
    unfreeze(model.encoder)
    fit(model, loader, epochs, optimizer)


def finetune_blocks(model, loader, epochs):
    freeze(model.backbone)
    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    for block in model.backbone[2:]:
        for p in block.parameters():
            p.requires_grad = True
    fit(model, loader, epochs, optimizer)


def finetune_modules(model, loader, epochs):
    for p in model.backbone.parameters():
        setattr(p, "requires_grad", False)
    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    for m in model.backbone.modules():
        m.requires_grad_(True)
    fit(model, loader, epochs, optimizer)


def finetune_setattr(model, loader, epochs):
    for p in model.backbone.parameters():
        p.requires_grad = False
    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    for p in model.backbone.parameters():
        setattr(p, "requires_grad", True)
    fit(model, loader, epochs, optimizer)


def finetune_comprehension(model, loader, epochs):
    model.backbone.requires_grad_(False)
    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()), lr=1e-3)
    [p.requires_grad_(True) for p in model.backbone.parameters()]
    fit(model, loader, epochs, optimizer)
