import itertools

import torch


def train(encoder, classifier, batches, max_steps):
    optim = torch.optim.SGD(itertools.chain(encoder.parameters(), classifier.parameters()), lr=0.01)
    step = 0
    while step < max_steps:
        x, y = next(batches)
        # only the encoder is cleared
        encoder.zero_grad()
        loss = torch.nn.functional.nll_loss(classifier(encoder(x)), y)
        loss.backward()
        optim.step()
        step += 1
