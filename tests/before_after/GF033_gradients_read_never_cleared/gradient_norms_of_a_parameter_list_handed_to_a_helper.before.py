import torch
import torch.nn.functional as F


def record_norms(weights, history):
    history.append(torch.stack([w.grad.norm() for w in weights]))


def norm_trace(classifier, samples):
    history = []
    for features, label in samples:
        F.cross_entropy(classifier(features), label).backward()
        record_norms(list(classifier.parameters()), history)
    return history
