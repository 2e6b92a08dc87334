# A class whose state lives on the class: the mixed-precision step is a class method that builds
# its own GradScaler, and the training class method calls it through `cls` on every batch of a
# loop over the batches the class holds.
import torch
from torch import nn


class Session:
    model = None
    opt = None

    @classmethod
    def apply_batch(cls, inputs, labels):
        grad_scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
        cls.opt.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = nn.functional.mse_loss(cls.model(inputs), labels)
        grad_scaler.scale(loss).backward()
        grad_scaler.unscale_(cls.opt)
        nn.utils.clip_grad_norm_(cls.model.parameters(), 0.5)
        grad_scaler.step(cls.opt)
        grad_scaler.update()
        return loss.detach()

    @classmethod
    def train(cls, model, batches):
        cls.model = model
        cls.opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
        cls.batches = batches
        for inputs, labels in cls.batches:
            cls.apply_batch(inputs, labels)
