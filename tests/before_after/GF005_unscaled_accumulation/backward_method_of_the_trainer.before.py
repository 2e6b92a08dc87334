import torch


class Trainer:
    def __init__(self, model, accumulation_steps):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.accumulation_steps = accumulation_steps

    def backward(self, loss):
        # the one place that backpropagates (a profiler hook used to live here)
        loss.backward()

    def fit(self, loader):
        for i, batch in enumerate(loader):
            loss = self.model(batch).pow(2).mean()
            self.backward(loss)
            if (i + 1) % self.accumulation_steps == 0:
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
        if (i + 1) % self.accumulation_steps != 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
