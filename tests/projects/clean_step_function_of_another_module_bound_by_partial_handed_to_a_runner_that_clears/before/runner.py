def run(step, batches, epochs, optimizer):
    last = None
    for _ in range(epochs):
        for batch in batches:
            optimizer.zero_grad()
            last = step(batch)
    return last
