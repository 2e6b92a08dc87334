# The optimizer is built inside the `accelerator.prepare(...)` call: it is Accelerate's, whose
# step and clear wait for the sync step of `accumulate(model)`. Another function binds the same
# name to a plain optimizer of its own; the loop's is the prepared one.
import torch
import torch.nn.functional as F
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=4)
model = torch.nn.Linear(4, 2)
model, opt = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=0.1))


def probe_optimizer(net):
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    return opt


batches = [(torch.randn(2, 4), torch.randn(2, 2)) for _ in range(8)]
for x, y in batches:
    with accelerator.accumulate(model):
        accelerator.backward(F.mse_loss(model(x), y))
        opt.step()
        opt.zero_grad()
