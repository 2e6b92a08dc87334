import torch


def decay_schedule(optimizer, gamma):
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=100, gamma=gamma)
    return schedule


def train(model, batches, total):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    step = 0
    while step < total:
        x, y = batches[step % len(batches)]
        scheduler = decay_schedule(optimizer, 0.5)
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        scheduler.step()
        step += 1
