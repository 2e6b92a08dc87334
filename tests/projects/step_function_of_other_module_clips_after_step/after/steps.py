import torch
import torch.nn.functional as F


def train_step(model, optimizer, inputs, labels, max_norm):
    optimizer.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(inputs), labels)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    optimizer.step()
    return loss.item()
