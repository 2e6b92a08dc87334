import torch
from timm.scheduler.step_lr import StepLRScheduler


def train(model, loader, max_steps):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    lr_sched = StepLRScheduler(optimizer, decay_t=100, decay_rate=0.5, t_in_epochs=False)
    global_step = 0
    batches = iter(loader)
    while global_step < max_steps:
        images, targets = next(batches)
        loss = torch.nn.functional.cross_entropy(model(images), targets)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        global_step += 1
        optimizer.step()
        lr_sched.step_update(global_step)
    return model
