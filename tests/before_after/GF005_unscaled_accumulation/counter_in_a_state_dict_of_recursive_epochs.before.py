import torch


def run(model, loader, state, epoch, epochs, window=8):
    if epoch == epochs:
        return model
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        state["pending"] += 1
        if state["pending"] == window:
            state["opt"].step()
            state["opt"].zero_grad()
            state["pending"] = 0
    return run(model, loader, state, epoch + 1, epochs, window)


def main(model, loader):
    state = {"opt": torch.optim.SGD(model.parameters(), lr=0.1), "pending": 0}
    return run(model, loader, state, 0, 3)
