import torch
import torch.nn.functional as F
from accelerate import Accelerator

WINDOW = 8


def forward_pass(net, batch, *, window):
    features, targets = batch
    logits = net(features)
    return {"objective": F.cross_entropy(logits, targets) / window, "logits": logits.detach()}


def fit(net, optimizer, batches):
    accelerator = Accelerator(gradient_accumulation_steps=WINDOW)
    net, optimizer = accelerator.prepare(net, optimizer)
    seen = 0
    while seen < len(batches):
        with accelerator.accumulate(net):
            result = forward_pass(net, batches[seen], window=WINDOW)
            accelerator.backward(result["objective"])
            optimizer.step()
            optimizer.zero_grad()
        seen += 1
