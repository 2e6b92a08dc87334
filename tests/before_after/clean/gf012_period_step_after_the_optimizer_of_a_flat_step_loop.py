import torch


def fit(net, batches, total_steps, steps_per_epoch):
    optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
    decay = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.95)
    stream = iter(batches)
    for step in range(total_steps):
        epoch, index = divmod(step, steps_per_epoch)
        if index == 0:
            stream = iter(batches)
        inputs, labels = next(stream)
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(net(inputs), labels).backward()
        optimizer.step()
        if (step + 1) % steps_per_epoch == 0:
            decay.step()
