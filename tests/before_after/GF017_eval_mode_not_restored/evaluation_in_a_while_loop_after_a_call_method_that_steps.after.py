import torch


class Regressor:
    """`__call__` is the training step itself; a `while` loop over epochs evaluates after
    each pass and never switches back."""

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
        self.model.train()
        epoch = 0
        while epoch < epochs:
            self.model.train()
            for inputs, targets in self.pairs:
                self(inputs, targets)
            self.model.eval()
            with torch.no_grad():
                err = sum(torch.nn.functional.l1_loss(self.model(i), t).item() for i, t in self.pairs)
            print(epoch, err)
            epoch += 1
