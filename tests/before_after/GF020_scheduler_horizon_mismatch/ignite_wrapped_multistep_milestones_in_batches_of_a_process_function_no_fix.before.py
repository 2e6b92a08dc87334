import torch
from torch import nn
from ignite.engine import Engine, Events
from ignite.handlers.param_scheduler import LRScheduler
from torch.optim import lr_scheduler

model = nn.Linear(8, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
data = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(20)]


def update(engine, batch):
    x, y = batch
    opt.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


trainer = Engine(update)
steps = lr_scheduler.MultiStepLR(opt, milestones=[len(data) * 30, len(data) * 45], gamma=0.1)
trainer.add_event_handler(Events.EPOCH_COMPLETED, LRScheduler(steps))
trainer.run(data, max_epochs=60)
