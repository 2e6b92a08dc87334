"""Truncated backpropagation through time: the loss of each time step is added to the
window's loss, which is backpropagated every `k` steps and then reset (the hidden state is
detached at the same point)."""

import torch


def train(rnn, head, optimizer, sequence, targets, k=5):
    hidden = torch.zeros(1, 32)
    window_loss = 0.0
    for t in range(sequence.size(0)):
        hidden = rnn(sequence[t], hidden)
        window_loss = window_loss + torch.nn.functional.mse_loss(head(hidden), targets[t])
        if (t + 1) % k == 0:
            optimizer.zero_grad()
            window_loss.backward()
            optimizer.step()
            window_loss = 0.0
            hidden = hidden.detach()
