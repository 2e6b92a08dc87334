# float16 autocast switched by a value the loop itself computes (after a warm-up): reported,
# with no fix -- a scaler built before the loop could not follow the switch.
import torch
import torch.nn.functional as F
from torch import nn

net = nn.Linear(8, 3).cuda()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(4, 8).cuda(), torch.randint(0, 3, (4,)).cuda()) for _ in range(6)]
for step, (inputs, labels) in enumerate(batches):
    half = step >= 2
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16, enabled=half):
        loss = F.cross_entropy(net(inputs), labels)
    loss.backward()
    optimizer.step()
