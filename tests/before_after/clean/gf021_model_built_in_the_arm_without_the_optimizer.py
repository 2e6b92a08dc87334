# The model is built in each arm of an `if`, the optimizer only in the training arm: the
# `else` arm's model never meets that optimizer, so nothing replaces what it was built over.
import torch
from torch import nn

MODE = "train"
if MODE == "train":
    net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
elif MODE == "export":
    net = torch.jit.load("net.pt")
else:
    net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))
    net.load_state_dict(torch.load("net.pth"))

if MODE == "train":
    for features, labels in []:
        optimizer.zero_grad()
        nn.functional.cross_entropy(net(features), labels).backward()
        optimizer.step()
