import torch


def train(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    flag = True
    for x, y in loader:
        optimizer.zero_grad(set_to_none=flag)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
