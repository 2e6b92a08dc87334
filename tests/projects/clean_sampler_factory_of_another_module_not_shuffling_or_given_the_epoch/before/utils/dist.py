from torch.utils.data.distributed import DistributedSampler


def build_sampler(dataset, shuffle=True):
    return DistributedSampler(dataset, shuffle=shuffle)


def sampler_or_none(dataset, distributed):
    if not distributed:
        return None
    return DistributedSampler(dataset)
