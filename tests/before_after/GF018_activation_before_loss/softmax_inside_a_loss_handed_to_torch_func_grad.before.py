import torch
from torch.func import functional_call, grad, vmap


def example_loss(weights, classifier, features, label):
    """The loss of one example, differentiated by `torch.func.grad` (no `backward` call)."""
    scores = functional_call(classifier, weights, (features.unsqueeze(0),))
    probabilities = torch.softmax(scores, dim=-1)
    return torch.nn.functional.cross_entropy(probabilities, label.unsqueeze(0))


def private_step(classifier, optimizer, features, labels, clip=1.0):
    weights = {name: w.detach() for name, w in classifier.named_parameters()}
    per_example = vmap(grad(example_loss), in_dims=(None, None, 0, 0))(weights, classifier, features, labels)
    for name, w in classifier.named_parameters():
        g = per_example[name]
        norms = g.flatten(1).norm(dim=1).clamp(min=clip) / clip
        w.grad = (g / norms.view(-1, *[1] * (g.dim() - 1))).mean(0)
    optimizer.step()
