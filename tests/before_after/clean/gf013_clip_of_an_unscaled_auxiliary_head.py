import torch
import torch.nn.functional as F


def train(model, probe, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    opt_probe = torch.optim.SGD(probe.parameters(), lr=0.05)
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad()
        opt_probe.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            logits = model(x)
            loss = F.cross_entropy(logits, y)
        scaler.scale(loss).backward()
        # the probe reads detached features and trains without the scaler: nothing to unscale
        F.cross_entropy(probe(logits.detach().float()), y).backward()
        torch.nn.utils.clip_grad_norm_(probe.parameters(), 1.0)
        opt_probe.step()
        scaler.step(opt)
        scaler.update()
