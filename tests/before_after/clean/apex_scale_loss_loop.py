import torch
from apex import amp


def train(model, loader, criterion):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model, optimizer = amp.initialize(model, optimizer, opt_level="O1")
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        with amp.scale_loss(loss, optimizer) as scaled_loss:
            scaled_loss.backward()
        torch.nn.utils.clip_grad_norm_(amp.master_params(optimizer), 1.0)
        optimizer.step()
