def fit(model, data, step, epochs=2):
    history = []
    for _ in range(epochs):
        model.train()
        for batch in data:
            history.append(step(batch))
    return history
