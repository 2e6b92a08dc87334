import torch.nn.functional as F

WINDOW = 4


def step_loss(classifier, inputs, targets):
    return F.cross_entropy(classifier(inputs), targets) / WINDOW
