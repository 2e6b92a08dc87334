import torch
import torch.nn as nn


def fit(encoder, batches, grad_accum=4, epochs=2):
    adam = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for step, (tokens, target) in enumerate(batches):
            loss = nn.functional.binary_cross_entropy_with_logits(encoder(tokens), target)
            if grad_accum > 1:
                loss = loss / grad_accum
            loss.backward()
            if (step + 1) % grad_accum == 0 or step + 1 == len(batches):
                adam.step()
                adam.zero_grad()
