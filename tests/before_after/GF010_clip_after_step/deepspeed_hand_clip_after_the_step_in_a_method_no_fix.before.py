import deepspeed
from torch.nn.utils import clip_grad_value_


class Worker:
    def __init__(self, net, cfg):
        self.ds_engine, self.opt, _, _ = deepspeed.initialize(model=net, model_parameters=net.parameters(), config=cfg)

    def update(self, batch):
        loss = self.ds_engine(batch).mean()
        self.ds_engine.backward(loss)
        self.ds_engine.step()
        clip_grad_value_(self.ds_engine.parameters(), 0.5)
        return loss.item()


def run(net, cfg, stream):
    worker = Worker(net, cfg)
    history = []
    while True:
        batch = next(stream, None)
        if batch is None:
            break
        history.append(worker.update(batch))
    return history
