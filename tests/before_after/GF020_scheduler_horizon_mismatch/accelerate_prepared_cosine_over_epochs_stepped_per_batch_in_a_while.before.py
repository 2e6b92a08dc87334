import torch
from accelerate import Accelerator


def pretrain(encoder, batches, epochs=20):
    accelerator = Accelerator(mixed_precision="no")
    opt = torch.optim.SGD(encoder.parameters(), lr=0.05, momentum=0.9)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    encoder, opt, sched = accelerator.prepare(encoder, opt, sched)
    for epoch in range(epochs):
        stream = iter(batches)
        while (batch := next(stream, None)) is not None:
            opt.zero_grad(set_to_none=True)
            loss = encoder(batch).pow(2).mean()
            accelerator.backward(loss)
            opt.step()
            sched.step()
