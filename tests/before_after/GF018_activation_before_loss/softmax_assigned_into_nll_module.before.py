import torch
import torch.nn as nn

nll = nn.NLLLoss()
for tokens, targets in batches:
    optimizer.zero_grad()
    hidden = encoder(tokens)
    p = torch.softmax(decoder(hidden), dim=-1)
    loss = nll(p.view(-1, vocab_size), targets.view(-1))
    loss.backward()
    optimizer.step()
