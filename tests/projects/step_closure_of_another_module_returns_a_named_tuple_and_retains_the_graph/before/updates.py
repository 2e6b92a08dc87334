from typing import NamedTuple

import torch.nn.functional as F


class Report(NamedTuple):
    loss: float
    seen: int


def build_update(net, optim):
    def update(sample):
        features, target = sample
        optim.zero_grad(set_to_none=True)
        loss = F.mse_loss(net(features), target)
        loss.backward(retain_graph=True)
        optim.step()
        return Report(loss=loss.item(), seen=len(target))

    return update
