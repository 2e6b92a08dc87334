import torch

GRAD_ACC = 3


def train_epoch(model, loader, optimizer):
    apply = optimizer.step
    clear = optimizer.zero_grad
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / GRAD_ACC
        loss.backward()
        if (step + 1) % GRAD_ACC == 0:
            apply()
            clear()
    if (step + 1) % GRAD_ACC != 0:
        apply()
        clear()
