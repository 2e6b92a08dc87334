# The loss is picked from a dict literal of losses by a constant key: its "cls" entry is a
# cross-entropy, which receives softmax probabilities.
import torch
from torch import nn

net = nn.Sequential(nn.Linear(12, 32), nn.Tanh(), nn.Linear(32, 5))
opt = torch.optim.SGD(net.parameters(), lr=0.05)
criteria = {"cls": nn.CrossEntropyLoss(label_smoothing=0.1), "reg": nn.SmoothL1Loss()}

for epoch in range(5):
    for inputs, labels in []:
        opt.zero_grad()
        probabilities = net(inputs)
        criteria["cls"](probabilities, labels).backward()
        opt.step()
