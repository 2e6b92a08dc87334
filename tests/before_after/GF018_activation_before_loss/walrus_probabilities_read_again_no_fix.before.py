import torch
import torch.nn.functional as F
from torch import nn


def train(model, loader, epochs, beta=0.1):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            logits = model(x)
            # `probs` is bound inside the accuracy line and read again by the entropy bonus:
            # rewriting the walrus to the logits would change the bonus too
            acc = ((probs := F.softmax(logits, dim=1)).argmax(1) == y).float().mean()
            entropy = -(probs * probs.clamp_min(1e-8).log()).sum(1).mean()
            loss = criterion(probs, y) - beta * entropy
            loss.backward()
            optimizer.step()
        print(epoch, acc.item())
