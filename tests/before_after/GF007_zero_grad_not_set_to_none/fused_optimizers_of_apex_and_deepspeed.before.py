"""Apex's and DeepSpeed's fused optimizers define `zero_grad(self)` with no parameter; Apex's
FP16_Optimizer takes `set_grads_to_None` instead. Their clears stay as they are. DeepSpeed's
CPU Adam inherits torch's zero_grad: its clear gets `set_to_none=True`.
"""

import apex
import torch
from apex.contrib.optimizers import FP16_Optimizer
from apex.optimizers import FusedAdam, FusedLAMB
from deepspeed.ops.adam import DeepSpeedCPUAdam
from deepspeed.ops.adam import FusedAdam as DeepSpeedFusedAdam


def train_apex_adam(model, loader):
    optimizer = FusedAdam(model.parameters(), lr=1e-3)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def train_apex_lamb(model, loader):
    opt = FusedLAMB(model.parameters(), lr=1e-3)
    for x, y in loader:
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()


def train_apex_sgd(model, loader):
    opt = apex.optimizers.FusedSGD(model.parameters(), lr=1e-3)
    for x, y in loader:
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()


def train_fp16(model, loader):
    optimizer = FP16_Optimizer(torch.optim.SGD(model.parameters(), lr=1e-3))
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def train_deepspeed_fused(model, loader):
    optimizer = DeepSpeedFusedAdam(model.parameters(), lr=1e-3)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def train_deepspeed_cpu(model, loader):
    optimizer = DeepSpeedCPUAdam(model.parameters(), lr=1e-3)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
