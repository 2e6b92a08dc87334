import torch


def train(model, batches, epochs, base_lr=0.01):
    opt = torch.optim.Adam(model.parameters(), lr=base_lr)
    decay = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[5, 8], gamma=0.1)
    seen = 0
    epoch = 0
    while epoch < epochs:
        for x, y in batches:
            opt.zero_grad()
            prediction = model(x)
            if seen == 0:
                opt = torch.optim.Adam(model.parameters(), lr=base_lr)  # the lazy layers exist now
            torch.nn.functional.mse_loss(prediction, y).backward()
            opt.step()
            seen += 1
        decay.step()
        epoch += 1
