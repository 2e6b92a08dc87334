from steps import train_step


def fit(model, optimizer, batches, total_steps):
    step = 0
    while step < total_steps:
        inputs, labels = next(batches)
        train_step(model, optimizer, inputs, labels, max_norm=0.5)
        step += 1
