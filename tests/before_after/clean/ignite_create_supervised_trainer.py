import torch
from ignite.engine import Events, create_supervised_trainer


def run(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    trainer = create_supervised_trainer(
        model, optimizer, torch.nn.functional.cross_entropy, gradient_accumulation_steps=4
    )

    @trainer.on(Events.EPOCH_COMPLETED)
    def log(engine):
        print(engine.state.epoch, engine.state.output)

    trainer.run(loader, max_epochs=epochs)
