import contextlib

import torch
from torch import nn


def train(model, loader, optimizer, precision="bf16", steps=1000):
    amp_context = {
        "fp32": contextlib.nullcontext(),
        "bf16": torch.autocast("cuda", dtype=torch.bfloat16),
        "fp16": torch.autocast("cuda", dtype=torch.float16),
    }[precision]
    for step, (tokens, labels) in zip(range(steps), loader):
        with amp_context:
            logits = model(tokens.cuda())
            loss = nn.functional.cross_entropy(logits.flatten(0, 1), labels.cuda().flatten())
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
