"""Batch utilities: no gradient word here; the training files import them."""


def subdivide(batch, subdivisions):
    features, targets = batch
    step = max(1, features.size(0) // subdivisions)
    for start in range(0, features.size(0), step):
        yield features[start:start + step], targets[start:start + step]


def in_chunks(features, targets, n_chunks):
    for piece_x, piece_y in zip(features.chunk(n_chunks), targets.chunk(n_chunks)):
        yield piece_x, piece_y
