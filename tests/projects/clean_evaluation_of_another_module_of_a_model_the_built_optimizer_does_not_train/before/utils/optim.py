import torch


def build_optimizer(model, lr):
    params = [p for p in model.parameters() if p.requires_grad]
    return torch.optim.AdamW(params, lr=lr)


def make_optimizer(cfg, net):
    if cfg["optim"] == "sgd":
        return torch.optim.SGD(net.parameters(), lr=cfg["lr"], momentum=0.9)
    return torch.optim.Adam(net.parameters(), lr=cfg["lr"])
