import torch


class Regressor:
    def __init__(self, module, lr=0.05):
        self.module = module
        self.optimiser = torch.optim.Adam(module.parameters(), lr=lr)
        self.bound_norm = lambda limit: torch.nn.utils.clip_grad_norm_(self.module.parameters(), limit)

    def epoch(self, loader):
        for inputs, targets in loader:
            self.optimiser.zero_grad(set_to_none=True)
            error = torch.nn.functional.l1_loss(self.module(inputs), targets)
            error.backward()
            self.bound_norm(0.5)
            self.optimiser.step()
