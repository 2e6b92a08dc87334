# Ignite calls the process function handed to `Engine(...)` once per batch; it builds a
# `OneCycleLR` over the module's optimizer on every call and steps it once: the schedule starts
# over at each batch, so the learning rate stays at the warm-up's first value. Reported without
# a fix (the construction belongs outside the function).
import torch
from ignite.engine import Engine, Events

optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


def train_step(engine, batch):
    model.train()
    images, labels = batch
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=1000)
    optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(images), labels)
    loss.backward()
    optimizer.step()
    scheduler.step()
    return loss.item()


trainer = Engine(train_step)
trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda engine: print(engine.state.output))
trainer.run(train_loader, max_epochs=10)
