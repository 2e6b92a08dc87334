"""NVIDIA Warp, not PyTorch: the tape's `zero()` clears the gradients after each step, and
warp_nn's optimizers have no `zero_grad()`."""

import warp as wp
from warp_nn.optimizers import Adam


def update(policy, batches, learning_rate=3e-4, epochs=4):
    optimizer = Adam(policy.parameters(), lr=learning_rate)
    for epoch in range(epochs):
        for observations, targets in batches:
            with wp.Tape() as tape:
                loss = policy.loss(observations, targets)
            tape.backward(loss)
            optimizer.step(lr=learning_rate)
            tape.zero()
