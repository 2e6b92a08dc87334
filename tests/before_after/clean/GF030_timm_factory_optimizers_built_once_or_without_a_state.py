import torch.nn.functional as F
from timm.optim import create_optimizer_v2


def finetune(model, loader, epochs):
    optimizer = create_optimizer_v2(model, "adamw", lr=3e-4, weight_decay=0.05)
    for epoch in range(epochs):
        for images, labels in loader:
            optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(model(images), labels).backward()
            optimizer.step()


def plain_descent_each_epoch(model, loader, epochs):
    for epoch in range(epochs):
        # SGD without momentum keeps no state: a new one steps the same
        opt = create_optimizer_v2(model, "sgd", lr=0.1, momentum=0.0, nesterov=False)
        for images, labels in loader:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(model(images), labels).backward()
            opt.step()


def by_config(model, loader, cfg):
    for stage in cfg.stages:
        opt = create_optimizer_v2(model, stage.opt, lr=stage.lr)
        for epoch in range(stage.epochs):
            for images, labels in loader:
                opt.zero_grad(set_to_none=True)
                F.cross_entropy(model(images), labels).backward()
                opt.step()
