"""An accumulation window in a `while (batch := next(it, None)) is not None:` loop: a pass over
the data, as `for batch in loader:` is, whose last partial window is never stepped. (A
`pending` flag set at each backward and cleared at the step is no flush while nothing after
the loop reads it.)"""
import torch
import torch.nn.functional as F
from torch import nn

loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(70, 5), torch.randn(70, 1)), batch_size=5)
net = nn.Linear(5, 1)
WINDOW = 3
opt = torch.optim.Adam(net.parameters(), lr=1e-3)

stream = iter(loader)
seen = 0
pending = False
while (pair := next(stream, None)) is not None:
    inputs, targets = pair
    (F.mse_loss(net(inputs), targets) / WINDOW).backward()
    pending = True
    seen += 1
    if seen % WINDOW == 0:
        opt.step()
        opt.zero_grad()
        pending = False
