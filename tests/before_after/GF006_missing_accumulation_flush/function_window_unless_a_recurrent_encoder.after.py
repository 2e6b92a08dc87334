import torch
from torch import nn


def fit(encoder, head, data, accum_steps, recurrent, epochs=3):
    params = list(encoder.parameters()) + list(head.parameters())
    opt = torch.optim.AdamW(params, lr=3e-4)
    for epoch in range(epochs):
        k = -1  # the flush after the loop reads it, also when the loop runs no batch
        for k, (inputs, target) in enumerate(data):
            if not recurrent:
                out = head(encoder(inputs))
                (nn.functional.mse_loss(out, target) / accum_steps).backward()
                if (k + 1) % accum_steps == 0:
                    opt.step()
                    opt.zero_grad()
            else:
                opt.zero_grad()
                out = head(encoder(inputs)[0])
                nn.functional.mse_loss(out, target).backward()
                opt.step()

        # the last micro-batches did not fill a whole window: step on them too
        if not recurrent and (k + 1) % accum_steps != 0:
            opt.step()
            opt.zero_grad()
