"""One epoch of the tracker's training: the batch loop sits well below the top of this module,
so its lines are past the end of the shorter script that calls it."""

import math

import torch

TEMPLATE_SIZE = 127
SEARCH_SIZE = 255
STRIDE = 8
RESPONSE_SIZE = 17
POSITIVE_RADIUS = 16
NEGATIVE_WEIGHT = 1.0
POSITIVE_WEIGHT = 1.0
PRINT_EVERY = 50


def response_labels(batch_size):
    labels = torch.zeros(batch_size, 1, RESPONSE_SIZE, RESPONSE_SIZE)
    centre = RESPONSE_SIZE // 2
    radius = POSITIVE_RADIUS // STRIDE
    labels[:, :, centre - radius : centre + radius + 1, centre - radius : centre + radius + 1] = 1.0
    return labels


def balanced_loss(response, labels):
    weights = torch.where(labels > 0, POSITIVE_WEIGHT, NEGATIVE_WEIGHT)
    return torch.nn.functional.binary_cross_entropy_with_logits(response, labels, weight=weights)


def train_one_epoch(loader, model, optimizer):
    total = 0.0
    for template, search in loader:
        response = model(template, search)
        loss = balanced_loss(response, response_labels(template.shape[0]))
        optimizer.zero_grad()
        loss.backward()
        if math.isfinite(loss.item()):
            optimizer.step()
        total += loss.item()
    return total
