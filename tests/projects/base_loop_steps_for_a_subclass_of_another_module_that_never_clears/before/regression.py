# The subclass backpropagates in the hook and clears nothing: every step of the base loop
# applies the gradients of all batches so far.
import torch.nn.functional as F

from engine.base import BaseTrainer


class RegressionTrainer(BaseTrainer):
    def training_step(self, batch):
        x, y = batch
        loss = F.mse_loss(self.model(x), y)
        loss.backward()
        return loss.item()
