import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR


def run(model, batches, total_steps):
    optims = {q: torch.optim.SGD([q], lr=0.1, momentum=0.9) for q in model.parameters()}
    cosine = {q: CosineAnnealingLR(optims[q], T_max=total_steps) for q in model.parameters()}

    def fused_update(q):
        optims[q].step()
        cosine[q].step()  # decay with each update
        optims[q].zero_grad(set_to_none=True)

    for q in model.parameters():
        q.register_post_accumulate_grad_hook(fused_update)
    done = 0
    while done < total_steps:
        for inputs, target in batches:
            loss = nn.functional.mse_loss(model(inputs), target)
            loss.backward()
            done += 1
