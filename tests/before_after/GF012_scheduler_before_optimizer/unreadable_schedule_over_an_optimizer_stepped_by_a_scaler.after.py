"""A learning-rate schedule of a class gradfix cannot read, built over an optimizer a factory
makes and that only a `GradScaler` steps (`scaler.step(solver)`): still a learning-rate schedule,
stepped before the optimizer at the top of each epoch. (A batch-norm momentum schedule built over
the network, beside it, is not one.)"""
import torch
from schedlib import BNMomentumScheduler, WarmupCosine, make_optimizer
from torch import nn

net = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
solver = make_optimizer(net)
scaler = torch.amp.GradScaler("cpu")
bn_schedule = BNMomentumScheduler(net, bn_lambda=lambda epoch: 0.1)
lr_schedule = WarmupCosine(solver, warmup=2, total=10)
batches = [(torch.randn(16, 4), torch.randn(16, 1)) for _ in range(4)]
for epoch in range(3):
    bn_schedule.step()
    for x, y in batches:
        solver.zero_grad(set_to_none=True)
        scaler.scale(nn.functional.mse_loss(net(x), y)).backward()
        scaler.step(solver)
        scaler.update()
    lr_schedule.step()
