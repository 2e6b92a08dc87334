import torch


def train(model, loader, criterion, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    running_loss = 0.0
    total_loss = 0
    detached_sum = 0.0
    as_float = 0.0
    values = []
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            running_loss += loss.item()
            total_loss += loss.detach().float()
            detached_sum = detached_sum + loss.detach()
            as_float += float(loss)
            values.append(loss.cpu().item())
    return running_loss, total_loss, detached_sum, as_float, values
