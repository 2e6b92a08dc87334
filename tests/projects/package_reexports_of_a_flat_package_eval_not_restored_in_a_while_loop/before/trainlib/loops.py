def fit_steps(model, optimizer, criterion, data):
    for inputs, targets in data:
        optimizer.zero_grad(set_to_none=True)
        criterion(model(inputs), targets).backward()
        optimizer.step()
