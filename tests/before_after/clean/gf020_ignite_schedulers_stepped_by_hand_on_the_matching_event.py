# Torch schedulers stepped by hand in Ignite handlers on the event their horizon counts: batches
# stepped every iteration, epochs stepped every epoch; a handler stepping in a loop of its own, and
# a plateau scheduler given the validation loss, are not read.
import torch
from ignite.engine import Events, create_supervised_trainer


def per_iteration(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=len(loader) * epochs)
    trainer = create_supervised_trainer(net, opt, torch.nn.functional.cross_entropy)

    @trainer.on(Events.ITERATION_COMPLETED)
    def step_schedule(engine):
        sched.step()

    trainer.run(loader, max_epochs=epochs)


def per_epoch(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    trainer = create_supervised_trainer(net, opt, torch.nn.functional.cross_entropy)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda engine: sched.step())
    trainer.run(loader, max_epochs=epochs)


def caught_up_each_epoch(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=len(loader) * epochs)
    trainer = create_supervised_trainer(net, opt, torch.nn.functional.cross_entropy)

    @trainer.on(Events.EPOCH_COMPLETED)
    def step_schedule(engine):
        for _ in range(len(loader)):
            sched.step()

    trainer.run(loader, max_epochs=epochs)


def on_plateau(net, loader, val_loss, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=len(loader))
    trainer = create_supervised_trainer(net, opt, torch.nn.functional.cross_entropy)

    @trainer.on(Events.EPOCH_COMPLETED)
    def step_schedule(engine):
        sched.step(val_loss(net))

    trainer.run(loader, max_epochs=epochs)
