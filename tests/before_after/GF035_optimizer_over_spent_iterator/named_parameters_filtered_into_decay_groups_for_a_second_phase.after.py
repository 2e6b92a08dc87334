import torch


def run(model, loader, warmup_steps, lr):
    decay = list(p for n, p in model.named_parameters() if not n.endswith(".bias"))
    no_decay = list(p for n, p in model.named_parameters() if n.endswith(".bias"))
    optim = torch.optim.AdamW([{"params": decay, "weight_decay": 0.05}, {"params": no_decay, "weight_decay": 0.0}], lr=lr)
    for i, (x, y) in enumerate(loader):
        if i == warmup_steps:
            optim = torch.optim.AdamW(
                [{"params": decay, "weight_decay": 0.05}, {"params": no_decay, "weight_decay": 0.0}], lr=lr * 0.1
            )
        optim.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optim.step()
