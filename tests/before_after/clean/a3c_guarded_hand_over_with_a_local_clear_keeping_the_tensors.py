# The local clear zeroes the gradients in place (`set_to_none=False`): the shared parameters
# hold the same tensors, which the next backward fills again, as torch before 2.0 did.
import torch.nn.functional as F


def ensure_shared_grads(model, shared_model):
    for param, shared_param in zip(model.parameters(), shared_model.parameters()):
        if shared_param.grad is not None:
            return
        shared_param._grad = param.grad


def train(model, shared_model, optimizer, batches):
    for states, returns in batches:
        model.load_state_dict(shared_model.state_dict())
        model.zero_grad(set_to_none=False)
        F.smooth_l1_loss(model(states).squeeze(-1), returns).backward()
        ensure_shared_grads(model, shared_model)
        optimizer.step()
