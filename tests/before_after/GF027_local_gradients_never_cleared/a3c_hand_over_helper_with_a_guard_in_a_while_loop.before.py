# An A3C worker (while loop): the helper hands the local gradients over unless the shared model
# already holds some; the worker clears only the shared optimizer, which sets the shared
# gradients to None (torch >= 2.0) and leaves the local ones to grow.
import torch
import torch.nn.functional as F


def ensure_shared_grads(model, shared_model):
    for param, shared_param in zip(model.parameters(), shared_model.parameters()):
        if shared_param.grad is not None:
            return
        shared_param._grad = param.grad


def train(rank, model, shared_model, optimizer, env, max_updates):
    torch.manual_seed(rank)
    updates = 0
    while True:
        model.load_state_dict(shared_model.state_dict())
        states, returns = env.rollout(model)
        values = model(states).squeeze(-1)
        loss = F.smooth_l1_loss(values, returns)
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 40.0)
        ensure_shared_grads(model, shared_model)
        optimizer.step()
        updates += 1
        if updates >= max_updates:
            break
