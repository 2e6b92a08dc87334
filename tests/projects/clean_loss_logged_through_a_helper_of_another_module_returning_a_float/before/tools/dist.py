import torch


def all_reduce_loss(loss, world_size=1):
    """The loss averaged over processes, as a Python number for logging."""
    value = torch.tensor(loss.item()) / world_size
    return value.item()
