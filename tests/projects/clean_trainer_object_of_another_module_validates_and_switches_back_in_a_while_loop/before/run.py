import torch
from torch import nn

from trainer import Trainer

model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.1), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.01)
t = Trainer(model, opt)
x, y = torch.randn(32, 4), torch.randn(32, 1)
step = 0
while step < 20:
    t.train_batch(x, y)
    if step % 5 == 0:
        print(step, t.validate(x, y))
    step += 1
