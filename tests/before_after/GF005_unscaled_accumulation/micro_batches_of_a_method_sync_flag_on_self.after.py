import torch


class Pretrainer:
    def __init__(self, model, optimizer, batches, grad_accum):
        self.model = model
        self.optimizer = optimizer
        self.batches = batches
        self.grad_accum = grad_accum

    def step(self):
        for k in range(self.grad_accum):
            self.model.require_backward_grad_sync = k + 1 == self.grad_accum
            inputs, targets = next(self.batches)
            loss = torch.nn.functional.cross_entropy(self.model(inputs), targets)
            (loss / self.grad_accum).backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
