import torch
from lightning.fabric import Fabric


class Tidy:
    def before_batch(self, optim):
        optim.zero_grad(set_to_none=True)


class Limit:
    def before_update(self, fabric, model, optim):
        fabric.clip_gradients(model, optim, max_norm=1.0)


runner = Fabric(accelerator="cpu", callbacks=[Tidy(), Limit()])


def train(model, batches):
    sgd = torch.optim.SGD(model.parameters(), lr=0.01)
    model, sgd = runner.setup(model, sgd)
    for inputs, labels in batches:
        runner.call("before_batch", optim=sgd)
        runner.backward(torch.nn.functional.cross_entropy(model(inputs), labels))
        runner.call("before_update", fabric=runner, model=model, optim=sgd)
        sgd.step()
