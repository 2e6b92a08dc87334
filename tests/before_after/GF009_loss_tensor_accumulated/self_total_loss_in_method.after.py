import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters())
        self.total_loss = 0.0

    def train_epoch(self, loader):
        for batch in loader:
            self.optimizer.zero_grad()
            outputs = self.model(**batch)
            loss = outputs.loss
            loss.backward()
            self.optimizer.step()
            self.total_loss += loss.detach().float()
