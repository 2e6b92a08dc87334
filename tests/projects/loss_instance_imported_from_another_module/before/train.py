import torch
import torch.nn.functional as F
from losses import criterion


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            probs = F.softmax(model(x), dim=1)
            loss = criterion(probs, y)
            loss.backward()
            opt.step()
