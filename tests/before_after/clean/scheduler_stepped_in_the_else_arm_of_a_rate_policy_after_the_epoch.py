import torch


def train(model, loader, epochs, policy, rates):
    optimizer = torch.optim.SGD(model.parameters(), lr=rates[0])
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        if policy == "manual":
            for group in optimizer.param_groups:
                group["lr"] = rates[min(epoch + 1, len(rates) - 1)]
        else:
            scheduler.step()
