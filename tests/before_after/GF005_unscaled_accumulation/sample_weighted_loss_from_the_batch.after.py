# A loss weighted per sample by a weight the loader yields with the batch (`* weight`) is
# backpropagated whole while gradients accumulate over `accum_steps` micro-batches.
import torch
import torch.nn.functional as F


def fit(net, opt, loader, accum_steps, device):
    step = 0
    while step < 1000:
        for batch_idx, (inputs, targets, weight) in enumerate(loader):
            per_sample = F.smooth_l1_loss(net(inputs.to(device)), targets.to(device), reduction="none")
            loss = (per_sample * weight.to(device).unsqueeze(-1)).mean()
            (loss / accum_steps).backward()
            if batch_idx % accum_steps == accum_steps - 1:
                opt.step()
                opt.zero_grad()
                step += 1
        if batch_idx % accum_steps != accum_steps - 1:
            opt.step()
            opt.zero_grad()
            step += 1
