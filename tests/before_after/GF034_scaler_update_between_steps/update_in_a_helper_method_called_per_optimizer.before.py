"""A backbone and a head optimized apart, stepped through a helper method that steps the optimizer it
is handed and updates the scaler: called once per optimizer after one scaled backward, its first
`update()` runs between the two steps."""

import torch
import torch.nn.functional as F


class TwoOptimizerTrainer:
    def __init__(self, backbone, head, backbone_opt, head_opt):
        self.backbone, self.head = backbone, head
        self.backbone_opt, self.head_opt = backbone_opt, head_opt
        self.scaler = torch.amp.GradScaler("cuda")

    def _apply(self, optimizer):
        self.scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(
            [p for group in optimizer.param_groups for p in group["params"]], 1.0
        )
        self.scaler.step(optimizer)
        self.scaler.update()

    def train_step(self, images, labels):
        self.backbone_opt.zero_grad(set_to_none=True)
        self.head_opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = F.cross_entropy(self.head(self.backbone(images)), labels)
        self.scaler.scale(loss).backward()
        self._apply(self.backbone_opt)
        self._apply(self.head_opt)
        return loss.detach()
