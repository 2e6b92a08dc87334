import torch

from engine import fit
from steps import make_step

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
fit(model, optimizer, data, make_step(model, optimizer))
