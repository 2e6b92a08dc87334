import torch
import torch.nn.functional as F

from engine import accumulate_epoch

net = torch.nn.Linear(3, 1)
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(10)]
for epoch in range(2):
    # the whole mean loss of each micro-batch: the window's gradient is 4 times too large
    accumulate_epoch(net, optimizer, batches, F.mse_loss, 4)
