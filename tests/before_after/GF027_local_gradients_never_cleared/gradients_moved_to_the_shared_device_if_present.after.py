# `.to(device)` hands the tensor itself on the same device and a copy on another: with the
# shared clear setting to None, the local gradients are never cleared either way.
import torch


def ensure_shared_grads(model, shared_model, device):
    for param, shared_param in zip(model.parameters(), shared_model.parameters()):
        if param.grad is not None:
            shared_param.grad = param.grad.to(device)


def train(model, shared_model, optimizer, loader, device):
    for inputs, labels in loader:
        model.load_state_dict(shared_model.state_dict())
        logits = model(inputs)
        loss = torch.nn.functional.cross_entropy(logits, labels)
        optimizer.zero_grad(set_to_none=True)
        model.zero_grad()
        loss.backward()
        ensure_shared_grads(model, shared_model, device)
        optimizer.step()
