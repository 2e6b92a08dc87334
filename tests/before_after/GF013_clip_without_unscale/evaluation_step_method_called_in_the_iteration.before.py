import torch
from torch import nn


def fit(net, train_loader, probe_batch, opt, scaler, epochs, log_every=50):
    for epoch in range(epochs):
        for it, batch in enumerate(train_loader):
            with torch.autocast("cuda", dtype=torch.float16):
                logits, target = net.training_step(batch)
                loss = nn.functional.cross_entropy(logits, target)
            scaler.scale(loss).backward()
            nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
            scaler.step(opt)
            scaler.update()
            opt.zero_grad(set_to_none=True)
            if it % log_every == 0:
                net.eval()
                with torch.no_grad():
                    probe = net.validation_step(probe_batch)
                net.train()
                print(epoch, it, loss.item(), probe["loss"].item())
