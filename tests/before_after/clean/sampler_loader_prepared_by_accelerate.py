from accelerate import Accelerator
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

accelerator = Accelerator()
loader = DataLoader(dataset, batch_size=32, sampler=DistributedSampler(dataset))
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
for epoch in range(epochs):
    for batch in loader:
        optimizer.zero_grad()
        accelerator.backward(model(**batch).loss)
        optimizer.step()
