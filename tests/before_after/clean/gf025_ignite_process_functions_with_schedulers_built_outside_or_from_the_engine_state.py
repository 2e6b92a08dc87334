# Process functions handed to Ignite's `Engine(...)`: one steps a scheduler built once outside
# it; another builds a warm-up from `engine.state` (what Ignite changes between calls: a new
# schedule per call is what the author wrote, not a restart of the same one); a third builds a
# scheduler it never steps (a lookup of the learning rate). None is a restart.
import torch
from ignite.engine import Engine

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=100, gamma=0.5)


def step_with_a_scheduler_built_once(engine, batch):
    images, labels = batch
    optimizer.zero_grad()
    torch.nn.functional.cross_entropy(model(images), labels).backward()
    optimizer.step()
    scheduler.step()


def step_with_a_schedule_of_the_epoch(engine, batch):
    images, labels = batch
    warm = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, engine.state.epoch / 5))
    optimizer.zero_grad()
    torch.nn.functional.cross_entropy(model(images), labels).backward()
    optimizer.step()
    warm.step()


def step_reading_a_schedule(engine, batch):
    images, labels = batch
    probe = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=10)
    engine.state.lr = probe.get_last_lr()[0]
    optimizer.zero_grad()
    torch.nn.functional.cross_entropy(model(images), labels).backward()
    optimizer.step()


trainer = Engine(step_with_a_scheduler_built_once)
epochwise = Engine(step_with_a_schedule_of_the_epoch)
probing = Engine(step_reading_a_schedule)
for engine in (trainer, epochwise, probing):
    engine.run(train_loader, max_epochs=3)
