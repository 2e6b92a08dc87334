import torch


def fit(net, batches, total_steps, period):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    warm = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.5, total_iters=3)
    for step in range(total_steps):
        phase = step % period
        phase = period - 1 - phase
        if phase == 0:
            warm.step()
        inputs, labels = batches[step % len(batches)]
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(net(inputs), labels).backward()
        optimizer.step()
