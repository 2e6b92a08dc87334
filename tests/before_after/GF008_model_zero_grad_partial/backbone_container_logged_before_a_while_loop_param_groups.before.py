import torch
from torch import nn


def describe(module):
    print(sum(p.numel() for p in module.parameters()))


body = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Flatten())
classifier = nn.Linear(8 * 6 * 6, 10)
describe(body)
opt = torch.optim.SGD([{"params": classifier.parameters(), "lr": 0.1}, {"params": body.parameters(), "lr": 0.001}])
it = iter([(torch.randn(2, 3, 8, 8), torch.tensor([1, 2]))] * 20)
done = 0
while done < 20:
    images, labels = next(it)
    loss = nn.functional.cross_entropy(classifier(body(images)), labels)
    classifier.zero_grad()
    loss.backward()
    opt.step()
    done += 1
