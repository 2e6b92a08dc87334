import lightning.pytorch as L
import torch
import torch.nn as nn


class TwoTower(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.query_tower = nn.Sequential(nn.Linear(32, 32), nn.BatchNorm1d(32), nn.ReLU())
        self.item_tower = nn.Sequential(nn.Linear(32, 32), nn.Dropout(0.1))
        self.scores = []

    def training_step(self, batch, batch_idx):
        q, i, label = batch
        logits = (self.query_tower(q) * self.item_tower(i)).sum(-1)
        return nn.functional.binary_cross_entropy_with_logits(logits, label)

    def on_train_epoch_end(self):
        if self.current_epoch % 2 == 0:
            self.query_tower.eval()
            self.scores.append(self.query_tower(torch.zeros(2, 32)).norm().item())

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)
