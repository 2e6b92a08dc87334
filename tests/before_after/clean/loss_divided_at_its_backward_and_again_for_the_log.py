import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(6, 4), nn.ReLU(), nn.Linear(4, 2))
sgd = torch.optim.SGD(net.parameters(), lr=0.01)
WINDOW = 8
pairs = [(torch.randn(3, 6), torch.randint(0, 2, (3,))) for _ in range(20)]
history = []
for step, (feats, labels) in enumerate(pairs):
    loss = nn.functional.cross_entropy(net(feats), labels)
    (loss / WINDOW).backward()
    loss /= WINDOW
    history.append(loss.item())
    if (step + 1) % WINDOW == 0 or step + 1 == len(pairs):
        sgd.step()
        sgd.zero_grad()
