import torch
from torch import nn

encoder = nn.Linear(32, 16)
decoder = nn.Linear(16, 32)
optimizers = (torch.optim.Adam(encoder.parameters()), torch.optim.Adam(decoder.parameters()))
ACCUMULATE = 4


def train_epoch(loader):
    for index, batch in enumerate(loader):
        reconstruction = decoder(encoder(batch))
        loss = nn.functional.mse_loss(reconstruction, batch) / ACCUMULATE
        loss.backward()
        if (index + 1) % ACCUMULATE == 0 or index + 1 == len(loader):
            for optimizer in optimizers:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
