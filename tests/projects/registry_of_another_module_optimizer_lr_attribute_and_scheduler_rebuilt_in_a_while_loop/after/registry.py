import torch
from torch.optim import lr_scheduler

OPTIMIZER_TABLE = {
    "sgd": torch.optim.SGD,
    "rmsprop": torch.optim.RMSprop,
}
SCHEDULER_TABLE = {
    "cosine": lr_scheduler.CosineAnnealingLR,
    "restarts": lr_scheduler.CosineAnnealingWarmRestarts,
}
