import torch.nn as nn
import torch.nn.functional as F


class Scorer(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1))

    def __call__(self, x, y):
        self.zero_grad(set_to_none=True)
        return F.mse_loss(self.body(x).squeeze(-1), y)
