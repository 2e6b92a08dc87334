import torch.nn.functional as F
from timm.optim import create_optimizer_v2


def finetune(model, batches, epochs, cfg):
    # which class `cfg.opt` names is not known here: timm's own optimizers keep other settings
    opt = create_optimizer_v2(model, cfg.opt, lr=cfg.lr, weight_decay=cfg.weight_decay)
    for epoch in range(epochs):
        if epoch == cfg.decay_off_at:
            for group in opt.param_groups:
                group["weight_decay"] = 0.0
        for x, y in batches:
            opt.zero_grad()
            F.cross_entropy(model(x), y).backward()
            opt.step()
