def backpropagate(loss, optimizer):
    optimizer.zero_grad()
    loss.backward()
