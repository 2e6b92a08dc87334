import torch
import torch.nn as nn


class Learner:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def fit_batch(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss


net = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.2), nn.Linear(16, 3))
opt = torch.optim.SGD(net.parameters(), lr=0.05)
loader = []
learner = Learner(net, opt)
epoch = 0
while epoch < 3:
    for x, y in loader:
        loss = learner.fit_batch(x, y)
    net.eval()
    with torch.no_grad():
        print(sum(nn.functional.cross_entropy(net(x), y).item() for x, y in loader))
    epoch += 1
