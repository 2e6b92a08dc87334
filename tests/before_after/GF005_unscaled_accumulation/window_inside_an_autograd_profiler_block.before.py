import torch
from torch import nn


def fit_reactions(net, opt, sched, batches, cfg):
    """Mixed precision, a window counted by hand, the whole step timed by autograd's profiler."""
    scaler = torch.cuda.amp.GradScaler(enabled=cfg.amp)
    pending = 0
    for batch in batches:
        with torch.autograd.profiler.profile(enabled=cfg.profile, record_shapes=False) as prof:
            with torch.autocast("cuda", enabled=cfg.amp):
                loss = net(batch)
            scaler.scale(loss).backward()
            pending += 1
            if pending == cfg.accum_count:
                scaler.unscale_(opt)
                nn.utils.clip_grad_norm_(net.parameters(), cfg.max_norm)
                scaler.step(opt)
                scaler.update()
                sched.step()
                net.zero_grad()
                pending = 0
        if cfg.profile:
            print(prof.key_averages().table())
    if pending > 0:
        scaler.unscale_(opt)
        nn.utils.clip_grad_norm_(net.parameters(), cfg.max_norm)
        scaler.step(opt)
        scaler.update()
        net.zero_grad()
