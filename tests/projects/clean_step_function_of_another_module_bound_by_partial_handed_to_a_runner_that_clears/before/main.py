import functools

import torch

from runner import run
from steps import train_step

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
print(run(functools.partial(train_step, model=model, optimizer=optimizer), batches, epochs=2, optimizer=optimizer))
