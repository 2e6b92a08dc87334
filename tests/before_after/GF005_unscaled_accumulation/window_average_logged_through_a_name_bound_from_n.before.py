# The window binds a name from N only to log an average (`denominator = windows * N`): the
# name never reaches the loss, which is backpropagated whole.
import torch


def train(model, optimizer, loader, criterion, gradient_accumulation_steps):
    windows, running = 0, 0.0
    optimizer.zero_grad()
    for step, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        running += loss.item()
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
            windows += 1
            denominator = windows * gradient_accumulation_steps
            print(f"step {windows}: loss {running / denominator:.4f}")
