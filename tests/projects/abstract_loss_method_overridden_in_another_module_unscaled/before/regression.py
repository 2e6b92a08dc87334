import torch
import torch.nn.functional as F

from engine import AccumulatingLoop


class RegressionLoop(AccumulatingLoop):
    def compute_loss(self, features, target):
        return F.smooth_l1_loss(self.network(features), target)


network = torch.nn.Linear(6, 1)
loop = RegressionLoop(network, torch.optim.Adam(network.parameters(), lr=1e-3))
loop.fit_once([(torch.randn(3, 6), torch.randn(3, 1)) for _ in range(7)])
