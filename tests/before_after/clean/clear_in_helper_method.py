import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def reset_gradients(self):
        self.optimizer.zero_grad(set_to_none=True)

    def run(self, loader):
        for x, y in loader:
            self.reset_gradients()
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            loss.backward()
            self.optimizer.step()
