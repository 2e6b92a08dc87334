# The criteria are class attributes of the base trainer (base.py): the NLL loss receives the
# log-softmax, the cross-entropy the raw logits. Both are right.
import torch.nn.functional as F
from base import BaseTrainer


class Trainer(BaseTrainer):
    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                features = self.model(x)
                log_probs = F.log_softmax(features, dim=1)
                loss = self.criterion(log_probs, y) + self.aux_criterion(self.head(features), y)
                loss.backward()
                self.optimizer.step()
