import torch

ACCUM = 4


def train_epoch(model, loader, state):
    for x, y in loader:
        state["opt"].zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / ACCUM
        loss.backward()
        state["micro"] += 1
        if state["micro"] % ACCUM == 0:
            state["opt"].step()


def main(model, loader, epochs):
    state = {"opt": torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9), "micro": 0}
    for _ in range(epochs):
        train_epoch(model, loader, state)
