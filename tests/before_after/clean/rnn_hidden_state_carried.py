import torch


def train(rnn, head, chunks, optimizer):
    hidden = torch.zeros(1, 4, 32)
    for x, y in chunks:
        optimizer.zero_grad()
        out, hidden = rnn(x, hidden)
        loss = torch.nn.functional.mse_loss(head(out), y)
        loss.backward(retain_graph=True)
        optimizer.step()
