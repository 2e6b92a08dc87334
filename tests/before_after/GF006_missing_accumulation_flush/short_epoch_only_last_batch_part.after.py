# The window test's `or` part steps on the last batch only when the whole epoch is shorter than
# one window; in longer epochs the micro-batches after the last full window leak into the next
# epoch's first window (the clear only runs after a step).
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
    step = -1  # the flush after the loop reads it, also when the loop runs no batch
    for step, (features, labels) in enumerate(train_loader):
        loss = nn.functional.cross_entropy(net(features), labels)
        (loss / grad_accum_steps).backward()
        if (step + 1) % grad_accum_steps == 0 or (
            # an epoch shorter than one window still steps once, on its last batch
            len(train_loader) <= grad_accum_steps
            and (step + 1) == len(train_loader)
        ):
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            optimizer.step()
            net.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if not ((step + 1) % grad_accum_steps == 0 or (len(train_loader) <= grad_accum_steps and step + 1 == len(train_loader))):
        nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        optimizer.step()
        net.zero_grad()
