import lightning as L
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

fabric = L.Fabric(accelerator="cpu", devices=2, strategy="ddp")
fabric.launch()
sampler = DistributedSampler(dataset)
train_loader = fabric.setup_dataloaders(DataLoader(dataset, batch_size=8, sampler=sampler), use_distributed_sampler=False)
model, optimizer = fabric.setup(model, optimizer)
for epoch in range(epochs):
    for x, y in train_loader:
        optimizer.zero_grad()
        fabric.backward(criterion(model(x), y))
        optimizer.step()
