import torch


class ValidationCallback:
    def __init__(self, batches):
        self.batches = batches

    def on_epoch_end(self, model):
        model.eval()
        with torch.no_grad():
            return sum(torch.nn.functional.mse_loss(model(x), y).item() for x, y in self.batches)


def fit(model, loader, val_batches, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    validation = ValidationCallback(val_batches)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        validation.on_epoch_end(model)
        model.train()
