import torch
import torch.nn.functional as F


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer, rho=0.05, **kwargs):
        super().__init__(params, dict(rho=rho, **kwargs))
        self.base_optimizer = base_optimizer(self.param_groups, **kwargs)

    @torch.no_grad()
    def first_step(self, zero_grad=False):
        norm = torch.norm(torch.stack([p.grad.norm(2) for g in self.param_groups for p in g["params"] if p.grad is not None]))
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    e_w = p.grad * group["rho"] / (norm + 1e-12)
                    p.add_(e_w)
                    self.state[p]["e_w"] = e_w
        if zero_grad:
            self.zero_grad()

    @torch.no_grad()
    def second_step(self, zero_grad=False):
        for group in self.param_groups:
            for p in group["params"]:
                if "e_w" in self.state[p]:
                    p.sub_(self.state[p]["e_w"])
        self.base_optimizer.step()
        if zero_grad:
            self.zero_grad()

    def step(self, closure):
        self.first_step(zero_grad=True)
        with torch.enable_grad():
            closure()
        self.second_step()


def train(model, loader, epochs):
    optimizer = SAM(model.parameters(), torch.optim.SGD, lr=0.1, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            def closure():
                loss = F.cross_entropy(model(x), y)
                loss.backward()
                return loss

            F.cross_entropy(model(x), y).backward()
            optimizer.step(closure)
