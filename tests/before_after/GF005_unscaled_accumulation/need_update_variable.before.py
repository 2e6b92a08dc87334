import torch


def train_one_epoch(model, loader, optimizer, loss_fn, accum_steps):
    last_idx = len(loader) - 1
    for batch_idx, (input, target) in enumerate(loader):
        last_batch = batch_idx == last_idx
        need_update = last_batch or (batch_idx + 1) % accum_steps == 0
        output = model(input)
        loss = loss_fn(output, target)
        loss.backward()  # gradients add up until need_update
        if need_update:
            optimizer.step()
            optimizer.zero_grad()
