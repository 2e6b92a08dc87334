import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
ds = TensorDataset(torch.randn(96, 8), torch.randint(0, 3, (96,)))
model = nn.Linear(8, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(ds, batch_size=16, shuffle=True)
EPOCHS = 4
steps_per_epoch = len(loader)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=EPOCHS * steps_per_epoch)
for epoch in range(EPOCHS):
    for x, y in loader:
        opt.zero_grad()
        F.cross_entropy(model(x), y).backward()
        opt.step()
    sched.step()
    print(epoch, sched.get_last_lr()[0])
