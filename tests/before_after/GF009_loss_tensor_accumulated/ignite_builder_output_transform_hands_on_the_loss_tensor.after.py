# `create_supervised_trainer(..., output_transform=lambda x, y, y_pred, loss: loss)` makes the
# engine's output the loss tensor the update backpropagated (with its graph), instead of the
# default `loss.item()`; the handler keeps every one of them in a module-level list.
import torch
from ignite.engine import Events, create_supervised_trainer
from torch import nn

net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.01)
seen = []
trainer = create_supervised_trainer(
    net, opt, nn.functional.smooth_l1_loss, gradient_accumulation_steps=2,
    output_transform=lambda inputs, targets, preds, batch_loss: batch_loss,
)


@trainer.on(Events.ITERATION_COMPLETED)
def remember(engine):
    seen.append(engine.state.output.detach())


trainer.run(loader, max_epochs=4)
