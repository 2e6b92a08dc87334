def run_training(task, batches, n_epochs):
    opt = task.make_optimizer()
    last = None
    for _ in range(n_epochs):
        for batch in batches:
            last = task.shared_step(batch)
            last.backward()
            opt.step()
    return last


def run_steps(task, stream, max_steps):
    opt = task.make_optimizer()
    step = 0
    while step < max_steps:
        loss = task.shared_step(next(stream))
        loss.backward()
        opt.step()
        step += 1
