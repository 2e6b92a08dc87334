import torch


class Finetuner:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(self.model.classifier.parameters(), lr=1e-4)

    def fit(self, loader):
        for batch in loader:
            self.model.zero_grad()
            loss = self.model(**batch).loss
            loss.backward()
            self.optimizer.step()
