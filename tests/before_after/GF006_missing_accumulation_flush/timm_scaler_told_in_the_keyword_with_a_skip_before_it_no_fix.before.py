"""timm's scaler told in the keyword when to step, an empty batch skipped before it: the last
two micro-batches of each pass are never stepped, and adding `step + 1 == len(train_loader)` to
the test would miss a skipped last batch. Reported without a fix."""

import torch
from torch import nn
from timm.utils import NativeScaler

torch.manual_seed(4)
model = nn.Sequential(nn.Linear(7, 14), nn.SiLU(), nn.Linear(14, 4))
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-3)
loss_scaler = NativeScaler()
train_loader = torch.utils.data.DataLoader(
    torch.utils.data.TensorDataset(torch.randn(40, 7), torch.randint(0, 4, (40,))), batch_size=4
)
update_every = 4

for epoch in range(3):
    for step, (inputs, labels) in enumerate(train_loader):
        if labels.numel() == 0:
            continue
        loss = nn.functional.cross_entropy(model(inputs), labels) / update_every
        loss_scaler(loss, optimizer, parameters=model.parameters(), need_update=(step + 1) % update_every == 0)
        if (step + 1) % update_every == 0:
            optimizer.zero_grad()
