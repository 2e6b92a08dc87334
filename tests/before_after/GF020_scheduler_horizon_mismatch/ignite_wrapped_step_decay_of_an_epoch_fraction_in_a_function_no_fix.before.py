import torch
from torch import nn
from ignite.engine import Engine, Events
from ignite.handlers.param_scheduler import LRScheduler


def fit(model, batches, n):
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)

    def update(engine, batch):
        x, y = batch
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss.item()

    engine = Engine(update)
    decay = LRScheduler(torch.optim.lr_scheduler.StepLR(opt, step_size=n // 3, gamma=0.5))
    engine.add_event_handler(Events.ITERATION_COMPLETED, decay)
    engine.run(batches, max_epochs=n)
    return model
