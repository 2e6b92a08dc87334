# float16 autocast switched by a command-line flag, no scaler: the unsafe fix builds the
# scaler under the same switch (`enabled=args.amp`), so float32 runs stay unscaled.
import argparse

import torch
import torch.nn.functional as F
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--amp", action="store_true")
args = parser.parse_args()

net = nn.Linear(8, 3).cuda()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(4, 8).cuda(), torch.randint(0, 3, (4,)).cuda()) for _ in range(6)]
for inputs, labels in batches:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16, enabled=args.amp):
        loss = F.cross_entropy(net(inputs), labels)
    loss.backward()
    optimizer.step()
