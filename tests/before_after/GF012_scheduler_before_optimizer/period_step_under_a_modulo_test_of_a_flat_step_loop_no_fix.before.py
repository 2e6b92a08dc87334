import torch


def fit(net, batches, total_steps, steps_per_epoch):
    optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
    decay = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.95)
    stream = iter(batches)
    for step in range(total_steps):
        if step % steps_per_epoch == 0:
            stream = iter(batches)
            decay.step()
        inputs, labels = next(stream)
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(net(inputs), labels).backward()
        optimizer.step()
