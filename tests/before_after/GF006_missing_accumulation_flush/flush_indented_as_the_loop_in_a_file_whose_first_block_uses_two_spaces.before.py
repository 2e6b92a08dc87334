import os

import torch

OUT_DIR = "edges"
if not os.path.isdir(OUT_DIR):
  os.makedirs(OUT_DIR)


def side_outputs_loss(outputs, label):
    loss = torch.zeros(())
    for side in outputs:
        loss = loss + torch.nn.functional.binary_cross_entropy_with_logits(side, label)
    return loss


def train(model, loader, optimizer, iter_size):
    model.train()
    counter = 0
    for image, label in loader:
        loss = side_outputs_loss(model(image), label) / iter_size
        counter += 1
        loss.backward()
        if counter == iter_size:
            optimizer.step()
            optimizer.zero_grad()
            counter = 0
    torch.save(model.state_dict(), os.path.join(OUT_DIR, "last.pt"))
