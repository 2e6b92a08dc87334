"""A segmentation trainer with an auxiliary head optimized apart: one scaled backward fills both
optimizers, and the first `update()`, guarded by `if self.amp_scaler.is_enabled():`, runs between
their steps (the guard does not make it exclusive with the second step)."""

import torch
import torch.nn.functional as F


class SegTrainer:
    def __init__(self, net, aux_head, net_opt, aux_opt, enabled):
        self.net, self.aux_head = net, aux_head
        self.net_opt, self.aux_opt = net_opt, aux_opt
        self.amp_scaler = torch.amp.GradScaler("cuda", enabled=enabled)

    def run_epoch(self, loader):
        batches = iter(loader)
        while (batch := next(batches, None)) is not None:
            image, mask = batch
            self.net_opt.zero_grad(set_to_none=True)
            self.aux_opt.zero_grad(set_to_none=True)
            with torch.autocast("cuda", enabled=self.amp_scaler.is_enabled()):
                features, logits = self.net(image)
                loss = F.cross_entropy(logits, mask) + 0.4 * F.cross_entropy(self.aux_head(features), mask)
            self.amp_scaler.scale(loss).backward()
            self.amp_scaler.step(self.net_opt)
            self.amp_scaler.step(self.aux_opt)
            self.amp_scaler.update()
