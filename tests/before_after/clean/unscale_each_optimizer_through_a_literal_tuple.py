import torch
from torch import nn


def train(net, temperature, loader, clip=1.0):
    opt_net = torch.optim.AdamW(net.parameters(), lr=2e-4)
    opt_temp = torch.optim.SGD([temperature], lr=1e-2)
    scaler = torch.cuda.amp.GradScaler()
    for step, (x, y) in enumerate(loader):
        opt_net.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(net(x) / temperature, y)
        scaler.scale(loss).backward()
        for o in (opt_net, opt_temp):
            scaler.unscale_(o)
        nn.utils.clip_grad_norm_(net.parameters(), clip)
        scaler.step(opt_net)
        if step % 10 == 0:
            scaler.step(opt_temp)
            opt_temp.zero_grad()
        scaler.update()
