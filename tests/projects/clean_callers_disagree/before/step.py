def sgd_step(model, optimizer, x, y):
    loss = (model(x) - y).pow(2).mean()
    loss.backward()
    optimizer.step()
