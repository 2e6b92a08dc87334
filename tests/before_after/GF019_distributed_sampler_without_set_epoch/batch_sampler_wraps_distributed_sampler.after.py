import torch
import torch.distributed as dist
from torch.utils.data import BatchSampler, DataLoader, DistributedSampler, TensorDataset


def main(model, epochs=10, batch_size=32):
    dist.init_process_group("nccl")
    dataset = TensorDataset(torch.randn(1024, 16), torch.randint(0, 4, (1024,)))
    train_sampler = DistributedSampler(dataset)
    train_batch_sampler = BatchSampler(train_sampler, batch_size, drop_last=True)
    train_loader = DataLoader(dataset, batch_sampler=train_batch_sampler, num_workers=2, pin_memory=True)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        train_sampler.set_epoch(epoch)
        model.train()
        for images, labels in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(images), labels).backward()
            optimizer.step()
