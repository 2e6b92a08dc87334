# A `functools.partial` of the logits loss (with its `pos_weight`) receives sigmoid outputs:
# the loss applies the sigmoid a second time.
import functools

import torch
import torch.nn.functional as F

detector = torch.nn.Sequential(torch.nn.Linear(10, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
optimizer = torch.optim.Adam(detector.parameters(), lr=1e-3)
weighted_bce = functools.partial(F.binary_cross_entropy_with_logits, pos_weight=torch.tensor([3.0]))


def train(batches):
    for features, flags in batches:
        optimizer.zero_grad()
        loss = weighted_bce(torch.sigmoid(detector(features)), flags)
        loss.backward()
        optimizer.step()
