from torch.utils.data.distributed import DistributedSampler


def build_sampler(dataset, shuffle=True):
    return DistributedSampler(dataset, shuffle=shuffle)
