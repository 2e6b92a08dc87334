import torch


def run(model, data, opt, accum):
    for i, (x, y) in enumerate(data):
        logits = model(x)
        ce = torch.nn.functional.cross_entropy(logits, y)
        reg = logits.pow(2).mean()
        ((ce + 0.1 * reg) / accum).backward()
        if (i + 1) % accum == 0 or i + 1 == len(data):
            opt.step()
            opt.zero_grad()
