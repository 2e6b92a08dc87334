"""Gradient accumulation on a 784-128-10 MLP.

960 synthetic 28x28 "images" in batches of 32, SGD (lr 0.05, momentum 0.9),
2 epochs, one optimizer step per accumulation_steps = 4 micro-batches.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {...}}, where "losses"
holds the raw (unscaled) loss.item() of every MICRO-batch.
"""

import hashlib
import json

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
torch.set_num_threads(1)

NUM_IMAGES = 960
BATCH_SIZE = 32
NUM_EPOCHS = 2
accumulation_steps = 4


def build_loader() -> DataLoader:
    images = torch.rand(NUM_IMAGES, 1, 28, 28)
    projection = torch.randn(28 * 28, 10) / 28.0
    labels = (images.flatten(1) @ projection).argmax(dim=1)
    return DataLoader(TensorDataset(images, labels), batch_size=BATCH_SIZE, shuffle=False)


def build_model() -> nn.Module:
    return nn.Sequential(
        nn.Flatten(),
        nn.Linear(28 * 28, 128),
        nn.ReLU(),
        nn.Linear(128, 10),
    )


def params_digest(model: nn.Module) -> str:
    sha = hashlib.sha256()
    for tensor in model.parameters():
        raw = tensor.detach().to(torch.float32).contiguous().flatten().view(torch.uint8)
        sha.update(bytes(raw.tolist()))
    return sha.hexdigest()


def train(model, loader, optimizer, criterion):
    micro_batch_losses = []
    model.train()
    for epoch in range(NUM_EPOCHS):
        for i, (images, labels) in enumerate(loader):
            optimizer.zero_grad()
            outputs = model(images)
            loss = criterion(outputs, labels)
            micro_batch_losses.append(loss.item())
            loss = loss / accumulation_steps
            loss.backward()

            if (i + 1) % accumulation_steps == 0:
                optimizer.step()

        # the last few batches of the epoch did not fill a whole window
        if (i + 1) % accumulation_steps != 0:
            optimizer.step()
    return micro_batch_losses


def main():
    loader = build_loader()
    model = build_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    criterion = nn.CrossEntropyLoss()

    # count the updates actually applied, whatever the loop looks like
    updates = []
    optimizer.register_step_post_hook(lambda opt, args, kwargs: updates.append(1))

    losses = train(model, loader, optimizer, criterion)
    print(json.dumps({
        "losses": losses,
        "weights_sha256": params_digest(model),
        "extra": {"optimizer_steps": len(updates)},
    }))


if __name__ == "__main__":
    main()
