import torch
from torch import nn


class RelativeL2Loss:
    """Relative L2 error of a batch of fields, averaged."""

    def __call__(self, pred, target):
        diff = torch.linalg.vector_norm((pred - target).flatten(1), dim=1)
        return (diff / torch.linalg.vector_norm(target.flatten(1), dim=1)).mean()


operator = nn.Sequential(nn.Linear(32, 128), nn.GELU(), nn.Linear(128, 32))
optimizer = torch.optim.Adam(operator.parameters(), lr=1e-3)
rel_l2 = RelativeL2Loss()
fields = [(torch.randn(16, 32), torch.randn(16, 32)) for _ in range(50)]

for epoch in range(100):
    totals = {"data": 0.0, "smooth": 0.0}
    for a, u in fields:
        optimizer.zero_grad()
        pred = operator(a)
        data_term = rel_l2(pred, u)
        smooth_term = (pred[:, 1:] - pred[:, :-1]).pow(2).mean()
        (data_term + 0.01 * smooth_term).backward()
        optimizer.step()
        totals["data"] += data_term
    print(epoch, totals["data"] / len(fields))
