import deepspeed
import torch


def run(net, ds_config, stream):
    ds_model, _, _, _ = deepspeed.initialize(model=net, model_parameters=net.parameters(), config=ds_config)
    norms = []
    for tokens, labels in stream:
        logits = ds_model(tokens)
        ce = torch.nn.functional.cross_entropy(logits, labels)
        aux = logits.pow(2).mean()
        ds_model.backward(ce, retain_graph=True)
        norms.append(sum(p.grad.norm() for p in net.parameters() if p.grad is not None).item())
        ds_model.backward(aux)
        ds_model.step()
    return norms
