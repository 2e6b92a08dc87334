import torch

OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}
SCHEDULES = {"step": torch.optim.lr_scheduler.StepLR, "exp": torch.optim.lr_scheduler.ExponentialLR}
