# A3C: each worker clears and backpropagates its local copy, then hands the gradients over to
# the shared model only where it holds none. `model.zero_grad()` sets the local gradients to
# None (torch >= 2.0), the shared parameters keep the first tensors, and the guard skips every
# later hand-over: the shared optimizer steps on the first gradient forever.
import copy

import torch
import torch.nn.functional as F


def ensure_shared_grads(model, shared_model):
    for param, shared_param in zip(model.parameters(), shared_model.parameters()):
        if shared_param.grad is not None:
            return
        shared_param._grad = param.grad


def train(rank, shared_model, env_batches):
    torch.manual_seed(rank)
    model = copy.deepcopy(shared_model)
    optimizer = torch.optim.Adam(shared_model.parameters(), lr=1e-4)
    model.train()
    for states, returns in env_batches:
        model.load_state_dict(shared_model.state_dict())
        values = model(states)
        value_loss = F.smooth_l1_loss(values.squeeze(-1), returns)
        model.zero_grad()
        optimizer.zero_grad()
        value_loss.backward()
        ensure_shared_grads(model, shared_model)
        optimizer.step()
