def run(step, batches, epochs):
    last = None
    for _ in range(epochs):
        for batch in batches:
            last = step(batch)
    return last
