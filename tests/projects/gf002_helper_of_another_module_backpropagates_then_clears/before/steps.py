def backpropagate(loss, optimizer):
    loss.backward()
    optimizer.zero_grad()
