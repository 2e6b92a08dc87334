import torch
import torch.nn.functional as F
from torch import nn

encoder = nn.Sequential(nn.Linear(10, 16), nn.ReLU())
classifier = nn.Linear(16, 4)
opt = torch.optim.Adam(encoder.parameters(), lr=1e-3)
opt = torch.optim.Adam([*encoder.parameters(), *classifier.parameters()], lr=1e-3)


def one_pass(net, batches, opt=None):
    net.train(opt is not None)
    total = 0.0
    for feats, labels in batches:
        loss = F.cross_entropy(classifier(net(feats)), labels)
        if opt is not None:
            net.zero_grad()
            loss.backward()
            opt.step()
        total += loss.item()
    return total / len(batches)


train_batches = [(torch.randn(8, 10), torch.randint(0, 4, (8,))) for _ in range(4)]
val_batches = train_batches[:2]
for epoch in range(3):
    one_pass(encoder, train_batches, opt)
    with torch.no_grad():
        print(epoch, one_pass(encoder, val_batches))
