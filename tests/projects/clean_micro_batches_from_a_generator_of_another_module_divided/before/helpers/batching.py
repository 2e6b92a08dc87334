"""Batch utilities: no gradient word here; the training files import them."""


def subdivide(batch, subdivisions):
    features, targets = batch
    step = max(1, features.size(0) // subdivisions)
    for start in range(0, features.size(0), step):
        yield features[start:start + step], targets[start:start + step]


def per_task(features, targets, num_tasks):
    for task in range(num_tasks):
        yield features[task::num_tasks], targets[task::num_tasks]
