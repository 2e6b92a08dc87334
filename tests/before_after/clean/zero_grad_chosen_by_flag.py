import torch


class Runner:
    def __init__(self, model, zero_grad_before_forward=True):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.zero_grad_before_forward = zero_grad_before_forward

    def train(self, loader):
        for x, y in loader:
            if self.zero_grad_before_forward:
                self.optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            if not self.zero_grad_before_forward:
                self.optimizer.zero_grad()
