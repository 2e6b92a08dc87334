import torch
from torch import nn


def train(model, optimizer, train_batches, val_batches, accum_steps=8, eval_every=100):
    updates = 0
    for epoch in range(10):
        model.train()
        for step, (x, y) in enumerate(train_batches):
            loss = nn.functional.mse_loss(model(x), y) / accum_steps
            loss.backward()
            if (step + 1) % accum_steps == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
                updates += 1
                if updates % eval_every == 0:
                    model.eval()
                    with torch.no_grad():
                        for step, (xv, yv) in enumerate(val_batches):
                            print(step, nn.functional.mse_loss(model(xv), yv).item())
                    model.train()
