import torch
import torch.nn.functional as F
from torch import nn
from ignite.engine import Engine, Events, create_supervised_evaluator


class Stepper:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)

    def step(self, engine, batch):
        x, y = batch
        self.opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


net = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.3), nn.Linear(16, 3))
stepper = Stepper(net, 0.1)
trainer = Engine(stepper.step)
evaluator = create_supervised_evaluator(net)


@trainer.on(Events.EPOCH_COMPLETED)
def validate(engine):
    evaluator.run(val_batches)
    net.train()


trainer.run(train_batches, max_epochs=5)
