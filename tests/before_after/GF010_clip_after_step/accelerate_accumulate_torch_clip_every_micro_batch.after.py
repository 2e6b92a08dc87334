import torch
from accelerate import Accelerator
from torch.nn.utils import clip_grad_norm_


def train(net, batches, max_norm=1.0):
    accelerator = Accelerator(gradient_accumulation_steps=8)
    optim = torch.optim.Adam(net.parameters(), lr=3e-4)
    net, optim = accelerator.prepare(net, optim)
    stream = iter(batches)
    step = 0
    while step < 1000:
        features, labels = next(stream)
        with accelerator.accumulate(net):
            logits = net(features)
            accelerator.backward(torch.nn.functional.cross_entropy(logits, labels))
            # keep the update bounded
            if accelerator.sync_gradients:
                clip_grad_norm_(net.parameters(), max_norm)
            optim.step()
            optim.zero_grad()
        step += 1
