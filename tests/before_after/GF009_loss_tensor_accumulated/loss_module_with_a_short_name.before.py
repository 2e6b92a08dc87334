# The loss modules have short names (`ce`, `dice_w`...): what they are built from says they
# compute losses. The cross-entropy term is summed for the log as a tensor, graph and all.
import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    ce = nn.CrossEntropyLoss()
    bce = torch.nn.BCEWithLogitsLoss()
    for epoch in range(epochs):
        total_ce = 0.0
        total_aux = 0.0
        for x, y, mask in loader:
            optimizer.zero_grad()
            out, aux = model(x)
            loss_ce = ce(out, y)
            loss_aux = bce(aux, mask)
            loss = loss_ce + 0.4 * loss_aux
            loss.backward()
            optimizer.step()
            total_ce += loss_ce
            total_aux += loss_aux.item()
        print(epoch, float(total_ce) / len(loader), total_aux / len(loader))
