import torch
import ignite.engine as ie

model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=500)
history = []


def step(engine, batch):
    x, y = batch
    optimizer.zero_grad()
    torch.nn.functional.cross_entropy(model(x), y).backward()
    optimizer.step()


trainer = ie.Engine(step)


@trainer.on(ie.Events.ITERATION_STARTED)
def schedule_and_log(engine):
    scheduler.step()
    history.append(scheduler.get_last_lr()[0])
