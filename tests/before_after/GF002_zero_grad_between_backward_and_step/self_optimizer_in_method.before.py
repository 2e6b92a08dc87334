import torch


class Learner:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def fit(self, loader, epochs=1):
        for _ in range(epochs):
            for batch in loader:
                loss = self.model(**batch).loss
                loss.backward()
                self.optimizer.zero_grad(set_to_none=True)
                self.optimizer.step()
