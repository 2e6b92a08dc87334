# The same class with the GradScaler built once, by the training class method, kept on the class
# and used by the step it calls through `cls` on every batch; and a class method building a
# scaler per run (called once per run, not per batch).
import torch
from torch import nn


class Session:
    model = None
    opt = None
    grad_scaler = None

    @classmethod
    def apply_batch(cls, inputs, labels):
        cls.opt.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = nn.functional.mse_loss(cls.model(inputs), labels)
        cls.grad_scaler.scale(loss).backward()
        cls.grad_scaler.unscale_(cls.opt)
        nn.utils.clip_grad_norm_(cls.model.parameters(), 0.5)
        cls.grad_scaler.step(cls.opt)
        cls.grad_scaler.update()

    @classmethod
    def train(cls, model, batches):
        cls.model = model
        cls.opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
        cls.grad_scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
        it = iter(batches)
        while True:
            try:
                inputs, labels = next(it)
            except StopIteration:
                break
            cls.apply_batch(inputs, labels)


class Runs:
    @classmethod
    def one_run(cls, model, batches):
        scaler = torch.amp.GradScaler("cpu")
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        for inputs, labels in batches:
            opt.zero_grad()
            scaler.scale(nn.functional.mse_loss(model(inputs), labels)).backward()
            scaler.step(opt)
            scaler.update()

    @classmethod
    def sweep(cls, models, batches):
        for model in models:
            cls.one_run(model, batches)
