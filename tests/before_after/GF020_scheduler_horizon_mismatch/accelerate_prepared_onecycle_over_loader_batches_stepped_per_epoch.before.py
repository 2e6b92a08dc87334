import torch
from accelerate import Accelerator

accelerator = Accelerator()
optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
lr_scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=1e-3, total_steps=num_epochs * len(train_loader))
net, optimizer, lr_scheduler = accelerator.prepare(net, optimizer, lr_scheduler)
for epoch in range(num_epochs):
    net.train()
    for inputs, targets in train_loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(inputs), targets)
        accelerator.backward(loss)
        optimizer.step()
    lr_scheduler.step()
