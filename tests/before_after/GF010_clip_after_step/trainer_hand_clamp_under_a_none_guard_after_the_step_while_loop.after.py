import torch


class Trainer:
    def __init__(self, model, max_grad=0.5):
        self.model = model
        self.max_grad = max_grad
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def train(self, batches, steps):
        it = iter(batches)
        n = 0
        while n < steps:
            x, y = next(it)
            self.opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            loss.backward()
            for param in self.model.parameters():
                if param.grad is not None:
                    param.grad.clamp_(min=-self.max_grad, max=self.max_grad)
            self.opt.step()
            n += 1
