def backward_of(loss):
    loss.backward()
    return loss.item()
