import timm
import torch.nn.functional as F
from timm.optim import create_optimizer_v2


def finetune(model, loader, epochs):
    for epoch in range(epochs):
        optimizer = create_optimizer_v2(model, "adamw", lr=3e-4, weight_decay=0.05)
        for images, labels in loader:
            optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(model(images), labels).backward()
            optimizer.step()


def warm_start(model, loader, rounds):
    done = 0
    while done < rounds:
        opt = timm.optim.create_optimizer_v2(model.parameters(), opt="lamb", lr=1e-3)
        for images, labels in loader:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(model(images), labels).backward()
            opt.step()
        done += 1
