import torch


class FreeingSGD(torch.optim.Optimizer):
    """Plain SGD that drops every gradient once it has applied it."""

    def __init__(self, params, lr=0.1):
        super().__init__(params, dict(lr=lr))

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"])
                    p.grad = None


def train(model, loader, epochs):
    optimizer = FreeingSGD(model.parameters(), lr=0.05)
    for _ in range(epochs):
        for x, y in loader:
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
