from torch.optim import lr_scheduler


def cosine_schedule(opt, n_epochs, floor=0.0):
    return lr_scheduler.CosineAnnealingLR(opt, T_max=n_epochs, eta_min=floor)
