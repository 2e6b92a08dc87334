def fit(model, optimizer, data, step, epochs=2):
    for _ in range(epochs):
        for batch in data:
            optimizer.zero_grad()
            step(batch)
