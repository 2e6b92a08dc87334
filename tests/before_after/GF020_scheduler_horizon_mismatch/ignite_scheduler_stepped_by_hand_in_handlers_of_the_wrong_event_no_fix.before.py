# Torch schedulers stepped by hand in Ignite handlers: a horizon counted in batches stepped once
# per epoch by an `@trainer.on(Events.EPOCH_COMPLETED)` function (or one added by name), and a
# horizon counted in epochs stepped every iteration by a lambda. Reported on the constructor, no
# fix (which of the two was meant is not known).
import torch
from ignite.engine import Engine, Events, create_supervised_trainer
from torch.optim.lr_scheduler import OneCycleLR

NUM_EPOCHS = 40


def fit(net, batches, epochs):
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(adam, T_max=len(batches) * epochs)
    engine = create_supervised_trainer(net, adam, torch.nn.functional.cross_entropy)

    @engine.on(Events.EPOCH_COMPLETED)
    def anneal(_):
        cosine.step()

    engine.run(batches, max_epochs=epochs)


def fit_per_iteration(net, batches):
    sgd = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    decay = torch.optim.lr_scheduler.CosineAnnealingLR(sgd, T_max=NUM_EPOCHS)
    engine = create_supervised_trainer(net, sgd, torch.nn.functional.cross_entropy)
    engine.add_event_handler(Events.ITERATION_COMPLETED, lambda _: decay.step())
    engine.run(batches, max_epochs=NUM_EPOCHS)


model = torch.nn.Linear(4, 2)
train_loader = [(torch.randn(8, 4), torch.randint(0, 2, (8,)))] * 10
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
one_cycle = OneCycleLR(optimizer, max_lr=1e-2, total_steps=len(train_loader) * 20)


def update(engine, batch):
    x, y = batch
    optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def advance(engine):
    one_cycle.step()


trainer = Engine(update)
trainer.add_event_handler(Events.EPOCH_COMPLETED, advance)
trainer.run(train_loader, max_epochs=20)
