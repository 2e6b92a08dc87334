import deepspeed
import torch


def run(net, ds_config, stream, max_steps):
    ds_model, _, _, _ = deepspeed.initialize(model=net, model_parameters=net.parameters(), config=ds_config)
    step = 0
    while step < max_steps:
        tokens, labels = next(stream)
        logits = ds_model(tokens)
        ce = torch.nn.functional.cross_entropy(logits, labels)
        z_loss = 1e-4 * logits.logsumexp(-1).pow(2).mean()
        ds_model.backward(ce, retain_graph=True)
        ds_model.backward(z_loss)
        ds_model.step()
        step += 1
