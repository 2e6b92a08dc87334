import torch
from torch.utils.data import DataLoader, DistributedSampler

train_loader = DataLoader(train_set, batch_size=32, sampler=DistributedSampler(train_set))
optimizer = torch.optim.Adam(model.parameters())

for epoch in range(args.epochs):
    train_loader.sampler.set_epoch(epoch)
    # train
    for batch in train_loader:
        optimizer.zero_grad()
        loss = model(**batch).loss
        loss.backward()
        optimizer.step()
