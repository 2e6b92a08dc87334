"""A method that holds the micro-batch loop and ends with it, stepped by its caller: the
slices' losses summed on purpose (`reduction="sum"`), or a method one of whose callers reads
the gradients it leaves (`gradient_norm`) and never steps, so they are wanted as they are."""
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, microbatch, lr):
        self.model = model
        self.microbatch = microbatch
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)

    def forward_backward(self, batch, target):
        self.opt.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            loss = F.mse_loss(self.model(batch[i : i + self.microbatch]), target[i : i + self.microbatch], reduction="sum")
            loss.backward()

    def run_step(self, batch, target):
        self.forward_backward(batch, target)
        self.opt.step()


class Probe:
    """Sums the slices' gradients on purpose: one caller measures them, never steps."""

    def __init__(self, model, microbatch, lr):
        self.model = model
        self.microbatch = microbatch
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)

    def forward_backward(self, batch, target):
        self.opt.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            micro = batch[i : i + self.microbatch]
            F.mse_loss(self.model(micro), target[i : i + self.microbatch]).backward()

    def gradient_norm(self, batch, target):
        self.forward_backward(batch, target)
        return torch.cat([p.grad.flatten() for p in self.model.parameters()]).norm()

    def run_step(self, batch, target):
        self.forward_backward(batch, target)
        self.opt.step()
