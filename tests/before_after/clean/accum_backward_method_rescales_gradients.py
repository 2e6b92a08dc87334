"""The helper object's `backward` divides the gradients once the loss is backpropagated
(in place, parameter by parameter): the window is scaled, by hand."""

import torch


class ScaledBackward:
    def __init__(self, params, window):
        self.params = [p for p in params if p.requires_grad]
        self.window = window

    def backward(self, loss):
        loss.backward()
        for p in self.params:
            if p.grad is not None:
                p.grad.mul_(1.0 / self.window)


model = torch.nn.Linear(16, 4)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaled = ScaledBackward(model.parameters(), window=4)
for step in range(400):
    x = torch.randn(32, 16)
    loss = model(x).logsumexp(dim=1).mean()
    scaled.backward(loss)
    if (step + 1) % 4 == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
