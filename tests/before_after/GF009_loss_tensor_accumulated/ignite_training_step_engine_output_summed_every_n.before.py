# `Engine(supervised_training_step(..., output_transform=...))` whose transform keeps the loss
# tensor: a handler of every 10th iteration adds the outputs into an attribute, chaining graphs.
import ignite.engine as ie
import torch


class Stats:
    total = 0.0


model = torch.nn.Linear(6, 3)
optimizer = torch.optim.Adam(model.parameters())
stats = Stats()
engine = ie.Engine(
    ie.supervised_training_step(model, optimizer, torch.nn.CrossEntropyLoss(), output_transform=lambda a, b, c, l: l)
)


def accumulate(e):
    stats.total += e.state.output


engine.add_event_handler(ie.Events.ITERATION_COMPLETED(every=10), accumulate)
engine.run(batches, max_epochs=2)
