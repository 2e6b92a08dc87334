import torch
from timm.scheduler import create_scheduler_v2


def train(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched, epochs = create_scheduler_v2(opt, "cosine", num_epochs=epochs, step_on_epochs=False, updates_per_epoch=len(loader))
    num_updates = 0
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            num_updates += 1
            sched.step_update(num_updates=num_updates)
        sched.step(epoch + 1)
