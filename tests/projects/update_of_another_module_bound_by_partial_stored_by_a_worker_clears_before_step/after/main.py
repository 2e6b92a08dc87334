from functools import partial

import torch

from updates import sgd_update
from worker import Worker

net = torch.nn.Linear(5, 3)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(2)]
Worker(partial(sgd_update, net, opt), data).work(6)
