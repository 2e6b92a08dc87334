# The window test also steps on the last batch of every epoch (`or (step + 1) ==
# len(train_loader)`), besides a part for epochs shorter than one window: nothing is left over.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.randn(72, 5), torch.randint(0, 3, (72,)))
train_loader = DataLoader(dataset, batch_size=8, shuffle=True)
net = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
grad_accum_steps = 4

net.zero_grad()
for epoch in range(4):
    for step, (features, labels) in enumerate(train_loader):
        loss = nn.functional.cross_entropy(net(features), labels)
        (loss / grad_accum_steps).backward()
        if (
            (step + 1) % grad_accum_steps == 0
            or (len(train_loader) <= grad_accum_steps and (step + 1) == len(train_loader))
            or (step + 1) == len(train_loader)
        ):
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            optimizer.step()
            net.zero_grad()
