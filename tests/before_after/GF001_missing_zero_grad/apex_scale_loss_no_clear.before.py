import torch
from apex import amp


def train(model, loader, criterion):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model, optimizer = amp.initialize(model, optimizer, opt_level="O1")
    for x, y in loader:
        loss = criterion(model(x), y)
        with amp.scale_loss(loss, optimizer) as scaled_loss:
            scaled_loss.backward()
        optimizer.step()
