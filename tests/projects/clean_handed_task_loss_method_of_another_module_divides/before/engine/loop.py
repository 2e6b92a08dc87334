def train(task, batches, window=4, max_updates=10):
    opt = task.make_optimizer()
    opt.zero_grad()
    updates, index = 0, 0
    while updates < max_updates:
        batch = batches[index % len(batches)]
        loss = task.get_loss(batch)
        loss.backward()
        index += 1
        if index % window == 0:
            opt.step()
            opt.zero_grad()
            updates += 1
    return loss.item()
