import torch

CFG = {"accum_steps": 4, "lr": 0.1}


def train(model, loader, opt, cfg):
    micro = 0
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss / cfg["accum_steps"]).backward()
        micro += 1
        if micro == cfg["accum_steps"]:
            opt.step()
            opt.zero_grad()
            micro = 0
    if micro:
        opt.step()
        opt.zero_grad()
