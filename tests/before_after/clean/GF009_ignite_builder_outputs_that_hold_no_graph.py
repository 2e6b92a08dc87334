# Ignite builders whose output holds no graph, or is not kept: the default transform (a number),
# a transform calling `.item()`, a transform handing on the predictions' count, and the loss
# tensor read as a number in the handler.
import torch
from ignite.engine import Events, create_supervised_trainer

net = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
history, counts, values, plain = [], [], [], []
default = create_supervised_trainer(net, opt, torch.nn.functional.mse_loss)
as_number = create_supervised_trainer(net, opt, torch.nn.functional.mse_loss, output_transform=lambda x, y, y_pred, loss: loss.item())
sizes = create_supervised_trainer(net, opt, torch.nn.functional.mse_loss, output_transform=lambda x, y, y_pred, loss: len(y_pred))
tensor = create_supervised_trainer(net, opt, torch.nn.functional.mse_loss, output_transform=lambda x, y, y_pred, loss: loss)


@default.on(Events.ITERATION_COMPLETED)
def keep_default(engine):
    plain.append(engine.state.output)


@as_number.on(Events.ITERATION_COMPLETED)
def keep_number(engine):
    history.append(engine.state.output)


@sizes.on(Events.ITERATION_COMPLETED)
def keep_size(engine):
    counts.append(engine.state.output)


@tensor.on(Events.ITERATION_COMPLETED)
def keep_value(engine):
    values.append(engine.state.output.item())


for trainer in (default, as_number, sizes, tensor):
    trainer.run(loader, max_epochs=1)
