import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
DATA = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(6)]
VAL = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(2)]
LOSSES = []
model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.3), nn.Tanh(), nn.Linear(8, 1))
from torch.optim.swa_utils import AveragedModel, SWALR

opt = torch.optim.SGD(model.parameters(), lr=0.1)
swa_model = AveragedModel(model)
swa_sched = SWALR(opt, swa_lr=0.05)
for epoch in range(3):
    model.train()
    for x, y in DATA:
        opt.zero_grad()
        loss = F.mse_loss(model(x), y)
        LOSSES.append(loss.item())
        loss.backward()
        opt.step()
    model.eval()
    swa_model.update_parameters(model)
    swa_sched.step()

