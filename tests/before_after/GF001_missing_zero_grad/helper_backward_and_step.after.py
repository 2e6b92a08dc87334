import torch


def train_step(model, optimizer, batch):
    optimizer.zero_grad(set_to_none=True)
    x, y = batch
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    history = []
    for batch in loader:
        history.append(train_step(model, optimizer, batch))
    return history
