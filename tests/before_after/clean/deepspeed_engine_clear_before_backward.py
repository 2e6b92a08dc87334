import deepspeed
import torch


def train(net, loader, ds_config):
    engine, _, _, _ = deepspeed.initialize(model=net, model_parameters=net.parameters(), config=ds_config)
    for x, y in loader:
        engine.zero_grad()
        loss = torch.nn.functional.mse_loss(engine(x), y)
        engine.backward(loss)
        engine.step()
