from torch.utils.data import DataLoader, DistributedSampler


def build_train_loader(dataset, batch_size):
    return DataLoader(dataset, batch_size=batch_size, sampler=DistributedSampler(dataset, num_replicas=1, rank=0, shuffle=True))
