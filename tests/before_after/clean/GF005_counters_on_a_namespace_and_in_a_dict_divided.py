import torch

WINDOW = 4


def train_step(model, state, x, y):
    loss = torch.nn.functional.mse_loss(model(x), y) / WINDOW
    loss.backward()
    state.micro += 1
    if state.micro == WINDOW:
        state.optimizer.step()
        state.optimizer.zero_grad()
        state.micro = 0


def epoch(model, loader, state):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss / WINDOW).backward()
        state["micro"] += 1
        if state["micro"] % WINDOW == 0:
            state["opt"].step()
            state["opt"].zero_grad()
    if state["micro"] % WINDOW:
        state["opt"].step()
        state["opt"].zero_grad()
