import torch
import torch.func


def batch_objective(weights, classifier, features, labels):
    """`log_softmax` then `nll_loss`: the log-probabilities the loss expects."""
    scores = torch.func.functional_call(classifier, weights, (features,))
    return torch.nn.functional.nll_loss(torch.log_softmax(scores, dim=-1), labels)


def confidence(weights, classifier, features):
    scores = torch.func.functional_call(classifier, weights, (features,))
    return torch.softmax(scores, dim=-1).max(dim=-1).values


def update(classifier, optimizer, features, labels):
    weights = dict(classifier.named_parameters())
    gradients, value = torch.func.grad_and_value(batch_objective)(weights, classifier, features, labels)
    for name, w in classifier.named_parameters():
        w.grad = gradients[name]
    optimizer.step()
    return value, confidence(weights, classifier, features)
