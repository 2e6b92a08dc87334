import deepspeed
import torch


def run(net, ds_config, stream, max_steps):
    ds_model, _, _, _ = deepspeed.initialize(model=net, model_parameters=net.parameters(), config=ds_config)
    for _ in range(max_steps):
        batch = next(stream)
        for half in batch.chunk(2):
            ce = torch.nn.functional.cross_entropy(ds_model(half[:, :-1]), half[:, -1])
            ds_model.backward(ce)
        shifted = ds_model(batch[:, 1:]).pow(2).mean()
        ds_model.backward(shifted)
        ds_model.step()
