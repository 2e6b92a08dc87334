import torch


class Regressor:
    def __init__(self, module, lr=0.01):
        self.module = module
        self.optim = torch.optim.Adam(module.parameters(), lr=lr)

    def update(self, features, target):
        self.optim.zero_grad(set_to_none=True)
        prediction = self.module(features)
        loss = torch.mean((prediction - target) ** 2)
        loss.backward()
        self.optim.step()
        return float(loss)
