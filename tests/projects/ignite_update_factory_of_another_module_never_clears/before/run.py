import torch
from ignite.engine import Engine, Events

from training.steps import build_trainer_step


def fit(network, train_loader, epochs):
    optim = torch.optim.RMSprop(network.parameters(), lr=1e-3)
    trainer = Engine(build_trainer_step(network, optim, torch.nn.HuberLoss()))

    @trainer.on(Events.EPOCH_COMPLETED)
    def log(engine):
        print(engine.state.epoch, engine.state.output["loss"])

    trainer.run(train_loader, max_epochs=epochs)
