import torch.nn.functional as F


class LossMixin:
    def batch_loss(self, inputs, targets):
        return F.mse_loss(self.net(inputs), targets)
