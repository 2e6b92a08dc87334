import torch
from torch import nn

model = nn.Linear(3, 1)
optim = torch.optim.Adam(model.parameters(), lr=1e-3)
accumulate = 4
samples = [(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(11)]


def run_epoch():
    for i, (inp, tgt) in enumerate(samples):
        loss = nn.functional.mse_loss(model(inp), tgt) / accumulate
        loss.backward()
        if i % accumulate == 0:
            optim.step()
            optim.zero_grad(set_to_none=True)
    # the tail, counted by the same windows: fixing only the test above would drop it
    if i % accumulate != 0:
        optim.step()
        optim.zero_grad(set_to_none=True)


for _ in range(2):
    run_epoch()
