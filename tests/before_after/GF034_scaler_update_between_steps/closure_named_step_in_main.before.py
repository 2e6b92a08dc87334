import torch
from torch import nn


def main(loader, epochs=2):
    encoder, head = nn.Linear(8, 16), nn.Linear(16, 3)
    opt_enc = torch.optim.SGD(encoder.parameters(), lr=0.1)
    opt_head = torch.optim.Adam(head.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cuda")

    def step(x, y):
        opt_enc.zero_grad()
        opt_head.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(head(encoder(x)), y)
        scaler.scale(loss).backward()
        scaler.step(opt_enc)
        scaler.update()  # once per optimizer, as the author thought
        scaler.step(opt_head)
        scaler.update()

    epoch = 0
    while epoch < epochs:
        for x, y in loader:
            step(x, y)
        epoch += 1
