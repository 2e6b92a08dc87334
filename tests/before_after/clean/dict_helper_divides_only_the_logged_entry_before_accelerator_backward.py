import torch
import torch.nn.functional as F
from accelerate import Accelerator

WINDOW = 8


def forward_pass(net, batch, window):
    features, targets = batch
    objective = F.cross_entropy(net(features), targets)
    return {"objective": objective, "per_update": objective.detach() / window}


def fit(net, optimizer, batches):
    accelerator = Accelerator(gradient_accumulation_steps=WINDOW)
    net, optimizer = accelerator.prepare(net, optimizer)
    for batch in batches:
        with accelerator.accumulate(net):
            result = forward_pass(net, batch, WINDOW)
            accelerator.backward(result["objective"])
            optimizer.step()
            optimizer.zero_grad()
