import torch
import torch.nn.functional as F
from ignite.engine import Engine, Events


class ClassifierUpdate:
    """The object Ignite's engine calls once per batch (`update = ClassifierUpdate(...)`,
    `Engine(update)`): nothing around the call clears, so each step applies every gradient
    since the run began."""

    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def __call__(self, engine, batch):
        self.model.train()
        images, labels = batch
        logits = self.model(images)
        loss = F.cross_entropy(logits, labels)
        loss.backward()
        self.optimizer.step()
        return {"loss": loss.item()}


classifier = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(64, 10))
optimizer = torch.optim.SGD(classifier.parameters(), lr=0.1, momentum=0.9)
update = ClassifierUpdate(classifier, optimizer)
trainer = Engine(update)


@trainer.on(Events.EPOCH_COMPLETED)
def log(engine):
    print(engine.state.epoch, engine.state.output["loss"])
