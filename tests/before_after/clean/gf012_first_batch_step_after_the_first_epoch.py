# A per-epoch scheduler stepped at the top of every epoch but the first (`i == 0 and epoch > 0`):
# each step follows the previous epoch's optimizer steps, so no learning rate is skipped.
import torch


def fit(model, opt, loader, epochs):
    scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=10)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            if i == 0 and epoch > 0:
                scheduler.step()
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
