import torch
import torch.nn as nn


class Engine:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        self.crit = nn.BCEWithLogitsLoss()

    def train_single_batch(self, features, ratings):
        self.opt.zero_grad()
        loss = self.crit(self.model(features).view(-1), ratings)
        loss.backward()
        self.opt.step()
        loss = loss.item()  # a float from here on
        return loss

    def train_an_epoch(self, batches):
        self.model.train()
        total_loss = 0
        for features, ratings in batches:
            loss = self.train_single_batch(features, ratings)
            total_loss += loss
        return total_loss
