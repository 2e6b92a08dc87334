# Autocasts whose float16 is not certain: a settings class attribute rebound after the class
# (`Settings.amp_dtype = torch.bfloat16` for this run), one a subclass overrides, and a
# `functools.partial` of `torch.autocast` in bfloat16 (or switched off where it is entered).
import functools

import torch


class Settings:
    amp_dtype = torch.float16


Settings.amp_dtype = torch.bfloat16


class Base:
    amp_dtype = torch.float16


class Run(Base):
    amp_dtype = torch.bfloat16


bf16 = functools.partial(torch.autocast, "cuda", dtype=torch.bfloat16)
fp16 = functools.partial(torch.autocast, "cuda", dtype=torch.float16)


def train(net, batches, epochs):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for _ in range(epochs):
        for inputs, targets in batches:
            opt.zero_grad()
            with torch.autocast("cuda", dtype=Settings.amp_dtype):
                loss = torch.nn.functional.mse_loss(net(inputs), targets)
            with torch.autocast("cuda", dtype=Base.amp_dtype):
                loss = loss + torch.nn.functional.mse_loss(net(inputs), targets)
            with bf16():
                loss = loss + torch.nn.functional.l1_loss(net(inputs), targets)
            with fp16(enabled=False):
                loss = loss + torch.nn.functional.l1_loss(net(inputs), targets)
            loss.backward()
            opt.step()
