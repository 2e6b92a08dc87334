import torch
import torch.nn.functional as F
from torch.func import functional_call


def meta_train(model, meta_optimizer, tasks, inner_lr=0.01):
    for support, query in tasks:
        params = dict(model.named_parameters())
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            inner_loss = F.cross_entropy(functional_call(model, params, support[0]), support[1])
        grads = torch.autograd.grad(inner_loss, list(params.values()), create_graph=True)
        fast = {name: p - inner_lr * g for (name, p), g in zip(params.items(), grads)}
        outer_loss = F.cross_entropy(functional_call(model, fast, query[0]), query[1])
        meta_optimizer.zero_grad(set_to_none=True)
        outer_loss.backward()
        meta_optimizer.step()
