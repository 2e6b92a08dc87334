import operator

import torch
import torch.nn.functional as F

advance = operator.methodcaller("step")


def train(encoder, batches, epochs=3):
    rmsprop = torch.optim.RMSprop(encoder.parameters(), lr=1e-3)
    epoch = 0
    while epoch < epochs:
        for inputs, targets in batches:
            rmsprop.zero_grad(set_to_none=True)
            loss = F.mse_loss(encoder(inputs), targets)
            loss.backward()
            advance(rmsprop)
        epoch += 1
