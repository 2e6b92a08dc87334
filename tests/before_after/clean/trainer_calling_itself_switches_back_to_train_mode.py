import torch


class Regressor:
    """The object trains by calling itself and restores train mode after each evaluation
    (in the loop, or in its `__call__`)."""

    def __init__(self, model, pairs):
        self.model = model
        self.pairs = pairs
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def __call__(self, inputs, targets):
        self.optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.l1_loss(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.detach()

    def run(self, epochs):
        for epoch in range(epochs):
            self.model.train()
            for inputs, targets in self.pairs:
                self(inputs, targets)
            self.model.eval()
            with torch.no_grad():
                err = sum(torch.nn.functional.l1_loss(self.model(i), t).item() for i, t in self.pairs)
            print(epoch, err)


class SelfRestoring:
    def __init__(self, model, pairs):
        self.model = model
        self.pairs = pairs
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def __call__(self, inputs, targets):
        self.model.train()
        self.optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.l1_loss(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.detach()

    def run(self, epochs):
        for epoch in range(epochs):
            for inputs, targets in self.pairs:
                self(inputs, targets)
            self.model.eval()
            with torch.no_grad():
                print(epoch, sum(self.model(i).sum().item() for i, _ in self.pairs))
