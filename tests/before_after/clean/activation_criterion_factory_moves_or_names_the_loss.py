"""Two loss factories of the file: one moves the cross-entropy to the device before returning
it, the other binds an NLL loss to a name and returns the name. The cross-entropy receives the
raw logits and the NLL loss the log-softmax: both are right, nothing to report."""
import torch
import torch.nn.functional as F
from torch import nn


def build_criterion(device):
    return nn.CrossEntropyLoss().to(device)


def build_aux_criterion():
    crit = nn.NLLLoss()
    return crit


def train(model, head, loader, device, epochs):
    criterion = build_criterion(device)
    aux_criterion = build_aux_criterion()
    opt = torch.optim.SGD(list(model.parameters()) + list(head.parameters()), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            opt.zero_grad()
            features = model(x)
            loss = criterion(features, y)
            aux_log_probs = F.log_softmax(head(features), dim=-1)
            loss = loss + 0.5 * aux_criterion(aux_log_probs, y)
            loss.backward()
            opt.step()


train(nn.Linear(6, 3), nn.Linear(3, 3), [(torch.randn(4, 6), torch.randint(0, 3, (4,)))], "cpu", 2)
