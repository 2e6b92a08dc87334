import torch
import torch.nn as nn


def fit(encoder, batches, grad_accum=4, epochs=2):
    adam = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    seen = 0.0
    for epoch in range(epochs):
        for step, (tokens, target) in enumerate(batches):
            score = encoder(tokens)
            loss = nn.functional.binary_cross_entropy_with_logits(score, target)
            loss.backward()
            seen += loss.item()
            if grad_accum > 1:
                loss = loss / grad_accum
            if (step + 1) % grad_accum == 0 or step + 1 == len(batches):
                adam.step()
                adam.zero_grad()
    return seen


if __name__ == "__main__":
    net = nn.Linear(5, 1)
    data = [(torch.randn(2, 5), torch.rand(2, 1)) for _ in range(9)]
    print(fit(net, data))
