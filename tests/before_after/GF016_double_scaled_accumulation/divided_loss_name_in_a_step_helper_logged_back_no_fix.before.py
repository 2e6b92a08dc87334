# The step helper divides the loss bound to a name before `accelerator.backward` (which
# divides again), and returns it; the loop multiplies it back by the count for its log, so
# removing the division would make the logged value too large: reported without a fix.
import torch
import torch.nn.functional as F
from accelerate import Accelerator

GRAD_ACCUM = 8
accelerator = Accelerator(gradient_accumulation_steps=GRAD_ACCUM)


def step(model, x, y):
    loss = F.mse_loss(model(x), y)
    loss = loss / GRAD_ACCUM
    accelerator.backward(loss)
    return loss


def fit(batches):
    model = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model, opt = accelerator.prepare(model, opt)
    running = 0.0
    for x, y in batches:
        with accelerator.accumulate(model):
            loss = step(model, x, y)
            running += loss.item() * GRAD_ACCUM
            opt.step()
            opt.zero_grad()
    return running
