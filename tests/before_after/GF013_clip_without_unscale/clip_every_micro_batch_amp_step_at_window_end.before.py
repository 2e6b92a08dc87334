# One training step written for both precisions inside an accumulation window: with fp16 the
# backward goes through the GradScaler, the clip runs on every micro-batch while the gradients
# are still multiplied by the loss scale, and the scaler steps only at the window's end.
# Reported without a fix: an `unscale_` before the clip would run again on the next
# micro-batch, before the scaler's step, and a second `unscale_` raises.
import torch
from torch import nn


class Learner(nn.Module):
    def __init__(self, use_fp16=True, grad_accum=4, max_norm=1.0):
        super().__init__()
        self.body = nn.Linear(16, 4)
        self.opt = torch.optim.AdamW(self.parameters(), lr=1e-3)
        self.amp = torch.amp.GradScaler("cuda") if use_fp16 else None
        self.use_fp16 = use_fp16
        self.grad_accum = grad_accum
        self.max_norm = max_norm
        self.seen = 0

    def micro_step(self, x, y):
        if self.grad_accum == 1 and self.seen == 0:
            self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.body(x), y) / self.grad_accum
        if self.use_fp16:
            self.amp.scale(loss).backward()
        else:
            loss.backward()
        if self.max_norm:
            nn.utils.clip_grad_norm_(self.parameters(), self.max_norm)
        if (self.seen + 1) % self.grad_accum == 0:
            if self.use_fp16:
                self.amp.step(self.opt)
                self.amp.update()
            else:
                self.opt.step()
            self.opt.zero_grad()
        return loss

    def run_epoch(self, batches):
        for index, (x, y) in enumerate(batches):
            self.seen = index
            self.micro_step(x, y)
