from torch.optim.lr_scheduler import CosineAnnealingLR, StepLR

SCHEDULERS = {"step": StepLR, "cos": CosineAnnealingLR}
