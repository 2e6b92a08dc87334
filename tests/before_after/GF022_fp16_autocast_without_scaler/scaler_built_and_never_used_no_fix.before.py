# A GradScaler is built, but the loop backpropagates the float16 loss and steps the optimizer
# without it: nothing is scaled. Reported without a fix (the scaler is there to wire in).
import torch
import torch.nn.functional as F
from torch import nn

net = nn.Linear(8, 3).cuda()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(4, 8).cuda(), torch.randint(0, 3, (4,)).cuda()) for _ in range(6)]
scaler = torch.amp.GradScaler("cuda")
for inputs, labels in batches:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = F.cross_entropy(net(inputs), labels)
    loss.backward()
    optimizer.step()
