import torch
import torch.nn as nn


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer, rho=0.05, **kwargs):
        super().__init__(params, dict(rho=rho, **kwargs))
        self.base_optimizer = base_optimizer(self.param_groups, **kwargs)

    @torch.no_grad()
    def ascend(self):
        norm = torch.norm(torch.stack([p.grad.norm(2) for g in self.param_groups for p in g["params"] if p.grad is not None]))
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    e_w = p.grad * group["rho"] / (norm + 1e-12)
                    p.add_(e_w)
                    self.state[p]["e_w"] = e_w
        self.zero_grad()

    @torch.no_grad()
    def descend(self):
        for group in self.param_groups:
            for p in group["params"]:
                if "e_w" in self.state[p]:
                    p.sub_(self.state[p]["e_w"])
        self.base_optimizer.step()
        self.zero_grad()

    def step(self, closure):
        self.ascend()
        with torch.enable_grad():
            closure()
        self.descend()


def train(model, loader, epochs):
    criterion = nn.CrossEntropyLoss()
    optimizer = SAM(model.parameters(), torch.optim.SGD, lr=0.1, momentum=0.9)
    for _ in range(epochs):
        for inputs, targets in loader:
            def closure():
                loss = criterion(model(inputs), targets)
                loss.backward()
                return loss

            criterion(model(inputs), targets).backward()
            optimizer.step(closure)
