import torch
import torch.nn.functional as F
from utils import log_and_free

model = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
log = []
for x, y in [(torch.randn(4, 2), torch.tensor([0, 1, 0, 1]))] * 3:
    opt.zero_grad()
    F.cross_entropy(model(x), y).backward()
    log_and_free(model, log)
    opt.step()
