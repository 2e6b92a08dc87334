import torch


def make_optimizer(cfg, model):
    trainable = [p for p in model.parameters() if p.requires_grad]
    return torch.optim.SGD(trainable, lr=cfg.lr, momentum=0.9)
