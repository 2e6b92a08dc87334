import torch.nn.functional as F


def compute_loss_of_batch(network, inputs, labels):
    logits = network(inputs)
    return F.nll_loss(logits.log_softmax(-1), labels)
