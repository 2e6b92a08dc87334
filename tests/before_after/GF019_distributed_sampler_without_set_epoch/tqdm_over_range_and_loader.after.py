import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from tqdm import tqdm

train_sampler = DistributedSampler(train_ds, shuffle=True)
train_dl = DataLoader(train_ds, batch_size=128, sampler=train_sampler, pin_memory=True)
for epoch in tqdm(range(n_epochs), desc="epochs"):
    train_sampler.set_epoch(epoch)
    for i, (x, y) in enumerate(tqdm(train_dl, leave=False)):
        opt.zero_grad()
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
