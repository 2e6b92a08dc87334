import torch.nn.functional as F
from timm.optim import create_optimizer_v2


def finetune(model, batches, epochs, freeze_decay_at):
    opt = create_optimizer_v2(model, opt="adamw", lr=1e-3, weight_decay=0.05)
    for epoch in range(epochs):
        if epoch == freeze_decay_at:
            opt.weight_decay = 0.0
        for x, y in batches:
            opt.zero_grad()
            F.cross_entropy(model(x), y).backward()
            opt.step()
