import torch
from accelerate import Accelerator


def fit(cfg, net, data, noise_sched):
    accelerator = Accelerator(gradient_accumulation_steps=cfg.accum)
    opt = torch.optim.AdamW(net.parameters(), lr=cfg.lr)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 500))
    net, opt, data, sched = accelerator.prepare(net, opt, data, sched)
    for epoch in range(cfg.epochs):
        for latents, cond in data:
            with accelerator.accumulate(net):
                opt.zero_grad()
                t = torch.randint(0, 1000, (latents.shape[0],), device=latents.device)
                loss = noise_sched.loss(net, latents, cond, t)
                accelerator.backward(loss)
                if accelerator.sync_gradients:
                    accelerator.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
                sched.step()
                opt.zero_grad(set_to_none=True)
