from torch.utils.data.distributed import DistributedSampler


def build_sampler(dataset):
    return DistributedSampler(dataset)


def set_epoch(loader, epoch):
    loader.sampler.set_epoch(epoch)
