# The same hand-written step in a trainer's method, over `self.model.parameters()` with
# `p.data.sub_(...)`, in a `while` loop counting steps: nothing clears the gradients.
import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.lr = lr

    def fit(self, data, max_steps):
        step = 0
        while step < max_steps:
            x, y = data[step % len(data)]
            loss = ((self.model(x) - y) ** 2).mean()
            loss.backward()
            for weight in self.model.parameters():
                weight.data.sub_(self.lr * weight.grad.data)
                weight.grad = None
            step += 1
        return loss.item()


trainer = Trainer(nn.Linear(3, 1), lr=0.05)
print(trainer.fit([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(6)], max_steps=30))
