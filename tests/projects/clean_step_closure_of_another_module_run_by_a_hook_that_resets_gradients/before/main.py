import torch

from loop import Loop
from steps import make_step

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
Loop(make_step(model, optimizer), data, before_batch=model.zero_grad).run()
