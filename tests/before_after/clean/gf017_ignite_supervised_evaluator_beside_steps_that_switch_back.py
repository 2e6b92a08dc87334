# Ignite's supervised evaluator leaves its model in eval mode, but each training here switches
# back: `create_supervised_trainer`'s own step calls `model.train()` at every batch, a hand step
# calls `mlp.train()` itself, a hand loop calls `mlp.train()` at the top of each epoch, and the
# evaluator of `shadow` runs a copy the loop never trains.
import torch
import torch.nn as nn
import torch.nn.functional as F
from ignite.engine import Engine, Events, create_supervised_evaluator, create_supervised_trainer

mlp = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.1), nn.Linear(32, 1))
opt = torch.optim.SGD(mlp.parameters(), lr=0.01)
probe = create_supervised_evaluator(mlp)

library_trainer = create_supervised_trainer(mlp, opt, F.mse_loss)
library_trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda engine: probe.run(val_batches))


def hand_step(engine, batch):
    mlp.train()
    opt.zero_grad(set_to_none=True)
    F.mse_loss(mlp(batch[0]), batch[1]).backward()
    opt.step()


hand_trainer = Engine(hand_step)


@hand_trainer.on(Events.EPOCH_COMPLETED)
def check(engine):
    probe.run(val_batches)


for epoch in range(4):
    mlp.train()
    for x, y in train_batches:
        opt.zero_grad(set_to_none=True)
        F.mse_loss(mlp(x), y).backward()
        opt.step()
    probe.run(val_batches)

shadow = nn.Sequential(nn.Linear(8, 32), nn.Linear(32, 1))
shadow_probe = create_supervised_evaluator(shadow)
for epoch in range(4):
    for x, y in train_batches:
        opt.zero_grad(set_to_none=True)
        F.mse_loss(mlp(x), y).backward()
        opt.step()
    shadow_probe.run(val_batches)
