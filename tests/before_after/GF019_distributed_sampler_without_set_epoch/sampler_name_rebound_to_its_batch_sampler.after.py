import torch
from torch.utils.data import BatchSampler, DataLoader, SequentialSampler
from torch.utils.data.distributed import DistributedSampler


def train(model, dataset, epochs, multi_gpu):
    if multi_gpu:
        order = DistributedSampler(dataset, seed=7)
    else:
        order = SequentialSampler(dataset)
    order = BatchSampler(order, batch_size=16, drop_last=False)
    batches = DataLoader(dataset, batch_sampler=order, num_workers=2)
    sgd = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    epoch = 0
    while epoch < epochs:
        if isinstance(batches.batch_sampler.sampler, DistributedSampler):
            batches.batch_sampler.sampler.set_epoch(epoch)
        for xb, yb in batches:
            sgd.zero_grad(set_to_none=True)
            ((model(xb) - yb) ** 2).mean().backward()
            sgd.step()
        epoch += 1
