# backpropagates only to read `mask.grad`: nothing is stepped, the batches' order does not matter
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def head_importance(model, eval_loader, mask):
    mask.requires_grad_(True)
    importance = torch.zeros_like(mask)
    for x, y in eval_loader:
        loss = nn.functional.cross_entropy(model(x) * mask, y)
        loss.backward()
        importance += mask.grad.abs().detach()
        mask.grad = None
    return importance


def prune(model, dataset, threshold):
    sampler = DistributedSampler(dataset)
    eval_loader = DataLoader(dataset, batch_size=8, sampler=sampler)
    mask = torch.ones(3)
    score = 1.0
    while score >= threshold:
        imp = head_importance(model, eval_loader, mask.detach().clone())
        mask[imp.argmin()] = 0.0
        score = float(mask.sum()) / 3
    return mask
