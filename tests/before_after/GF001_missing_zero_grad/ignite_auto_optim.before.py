"""An optimizer through ignite's `idist.auto_optim`: under the horovod backend it comes back as
horovod's DistributedOptimizer, whose `zero_grad(self)` takes no argument, so the clear gradfix
adds to the update function is bare."""
import ignite.distributed as idist
import torch
from ignite.engine import Engine


def training(model, loader, epochs):
    optimizer = idist.auto_optim(torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9))

    def update(engine, batch):
        inputs, targets = batch
        loss = torch.nn.functional.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        return loss.item()

    Engine(update).run(loader, max_epochs=epochs)
