import torch


def train(model, loader, epochs):
    """The scheduler steps from the second epoch on, at the top of each epoch: the epoch before
    has stepped the optimizer (the `else` arm of a test of the loop's own variable)."""
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
    for epoch in range(epochs):
        if epoch == 0:
            print("first epoch at", optimizer.param_groups[0]["lr"])
        else:
            scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
