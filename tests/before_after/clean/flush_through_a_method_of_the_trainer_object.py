import torch
import torch.nn as nn

data = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(10)]
model = nn.Linear(5, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
crit = nn.CrossEntropyLoss()
ACC = 4


class Trainer:
    def __init__(self, model, opt, accum):
        self.model, self.opt, self.accum = model, opt, accum

    def end_epoch(self, n):
        if n % self.accum != 0:
            self.opt.step()
            self.opt.zero_grad()


tr = Trainer(model, opt, ACC)
for ep in range(3):
    for i, (x, y) in enumerate(data):
        (crit(model(x), y) / ACC).backward()
        if (i + 1) % ACC == 0:
            opt.step()
            opt.zero_grad()
    tr.end_epoch(len(data))  # the flush
